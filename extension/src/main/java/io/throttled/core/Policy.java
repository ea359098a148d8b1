package io.throttled.core;

import io.throttled.Algorithm;
import io.throttled.Refill;
import java.util.List;

/**
 * A named rule: which algorithm, which limits (all decided together), where keys come from, what a call
 * costs, whether denials are enforced or only observed (shadow mode), and whether a call may wait for a
 * permit ({@link Waiting}).
 *
 * <p>Build one with {@link #builder(String)}; invalid combinations are rejected with every problem named.
 */
public record Policy(
        String name,
        Algorithm algorithm,
        List<Limit> limits,
        Refill refill,
        KeySource key,
        long cost,
        boolean enforce,
        Waiting waiting) {

    public Policy {
        limits = limits == null ? null : List.copyOf(limits);
        waiting = waiting == null ? Waiting.NONE : waiting;
        List<Violation> violations = PolicyRules.check(name, algorithm, limits, refill, key, cost, waiting);
        if (!violations.isEmpty()) {
            throw new InvalidPolicyException(name, violations);
        }
    }

    /** A policy whose calls never wait. */
    public Policy(String name, Algorithm algorithm, List<Limit> limits, Refill refill, KeySource key, long cost,
                  boolean enforce) {
        this(name, algorithm, limits, refill, key, cost, enforce, Waiting.NONE);
    }

    public static PolicyBuilder builder(String name) {
        return new PolicyBuilder(name);
    }

    /** A builder holding this policy's settings, to change some of them. */
    public PolicyBuilder toBuilder() {
        return new PolicyBuilder(name).algorithm(algorithm).limits(limits).refill(refill).key(key).cost(cost)
                .enforce(enforce).waiting(waiting);
    }

    /** The limits in config form, e.g. {@code 10/1s,1000/1h}. */
    public String rate() {
        return Limit.format(limits);
    }
}
