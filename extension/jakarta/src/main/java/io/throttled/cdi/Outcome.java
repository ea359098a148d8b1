package io.throttled.cdi;

import io.throttled.core.Decision;
import io.throttled.core.Policy;

/**
 * One throttled call's decision, with the policy (a tier's own policy when the caller has a tier) and key it
 * was made under, and the tier ({@code default} when the policy has none or the caller is in none).
 */
public record Outcome(Policy policy, String key, Decision decision, String tier) {

    public Outcome(Policy policy, String key, Decision decision) {
        this(policy, key, decision, io.throttled.config.Tiers.DEFAULT);
    }

    /**
     * What became of the call, as metrics and traces name it: {@code allowed}, {@code denied}, {@code shadow_denied}
     * (denied in shadow mode, so let through), {@code decided_without_redis} (a failure mode decided because Redis
     * could not) or {@code skipped} (not asked: another policy of the same request was denied from memory).
     */
    public String label() {
        if (decision.origin() == Decision.Origin.SKIPPED) {
            return "skipped";
        }
        if (!decision.decidedByStore()) {
            return "decided_without_redis";
        }
        if (decision.allowed()) {
            return "allowed";
        }
        return policy.enforce() ? "denied" : "shadow_denied";
    }

    /** The policy's name without its tier: a tier's decisions count under its policy, the tier apart. */
    public String basePolicy() {
        String name = policy.name();
        int tier = name.indexOf(io.throttled.config.Tiers.SEPARATOR);
        return tier < 0 ? name : name.substring(0, tier);
    }

    /** Denied and enforced: the call must not proceed. Shadow-mode denials never block. */
    public boolean blocks() {
        return !decision.allowed() && policy.enforce();
    }
}
