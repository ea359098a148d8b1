package io.throttled.cdi;

import io.throttled.core.Decision;
import io.throttled.core.Policy;

/** One throttled call's decision, with the policy and key it was made under. */
public record Outcome(Policy policy, String key, Decision decision) {

    /** Denied and enforced: the call must not proceed. Shadow-mode denials never block. */
    public boolean blocks() {
        return !decision.allowed() && policy.enforce();
    }
}
