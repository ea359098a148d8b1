package io.throttled.config;

import java.util.List;

/**
 * What a policy decides about a call beyond its buckets: which calls it charges, who is exempt, and where
 * the caller's tier comes from (with the tiers in the order {@code role:} tries them), whether it is
 * {@code unlimited} (a tier whose callers are admitted without deciding: {@code rate=unlimited}), and how far a
 * partner's 429 may push its bucket on ({@code penalty}, ms; 0 = never).
 */
public record CallRules(CountCondition count, Exemptions exempt, TierSource tierBy, List<String> tierOrder,
                        boolean unlimited, long penaltyMillis) {
    public static final CallRules NONE = new CallRules(CountCondition.ALL, Exemptions.NONE, TierSource.NONE, List.of(),
            false, 0);

    public CallRules {
        tierOrder = List.copyOf(tierOrder);
    }
}
