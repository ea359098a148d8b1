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

    /** Denied and enforced: the call must not proceed. Shadow-mode denials never block. */
    public boolean blocks() {
        return !decision.allowed() && policy.enforce();
    }
}
