package io.throttled.config;

import java.util.List;

/**
 * What a policy decides about a call beyond its buckets: which calls it charges, who is exempt, and where
 * the caller's tier comes from (with the tiers in the order {@code role:} tries them), and whether it is
 * {@code unlimited} (a tier whose callers are admitted without deciding: {@code rate=unlimited}).
 */
public record CallRules(CountCondition count, Exemptions exempt, TierSource tierBy, List<String> tierOrder,
                        boolean unlimited) {
    public static final CallRules NONE = new CallRules(CountCondition.ALL, Exemptions.NONE, TierSource.NONE, List.of(),
            false);

    public CallRules {
        tierOrder = List.copyOf(tierOrder);
    }
}
