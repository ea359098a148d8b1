package io.throttled.core;

import java.util.List;

/**
 * A named rule: which algorithm, which limits (all decided together), where keys come from, what a call
 * costs, whether denials are enforced or only observed (shadow mode), and whether a call may wait for a
 * permit ({@link Waiting}), and what decides its calls when the shared store cannot ({@link FailureMode}).
 *
 * <p>Build one with {@link #builder(String)}; invalid combinations are rejected with every problem named.
 *
 * @param name      1 to 128 of {@code A-Z a-z 0-9 . _ $ -}; buckets, headers and metrics are named by it
 * @param algorithm how the limits are decided
 * @param limits    1 to 8 limits, no two with the same window, decided together
 * @param refill    how a token bucket refills; {@link Refill#GREEDY} for every other algorithm
 * @param key       whose bucket a call takes from
 * @param cost      tokens a call takes, at least 1 and not above any limit's burst
 * @param enforce   false for shadow mode: decide and report, never block
 * @param waiting   whether and how long calls may wait for a permit
 * @param leasing   whether hot keys take leases of tokens, and their lifetime
 * @param failureMode what decides its calls when Redis cannot ({@code failure-mode}); null follows the store's
 *                  default ({@code throttled.redis.failure-mode})
 */
public record Policy(
        String name,
        Algorithm algorithm,
        List<Limit> limits,
        Refill refill,
        KeySource key,
        long cost,
        boolean enforce,
        Waiting waiting,
        Leasing leasing,
        FailureMode failureMode) {

    /**
     * Checks every field together.
     *
     * @param name      the policy name
     * @param algorithm the algorithm
     * @param limits    the limits
     * @param refill    the refill
     * @param key       the key source
     * @param cost      the cost per call
     * @param enforce   false for shadow mode
     * @param waiting   how long calls may wait for a permit, and how many at once
     * @param leasing   whether hot keys lease tokens, and for how long
     * @param failureMode what decides its calls when Redis cannot; null for the store's default
     * @throws InvalidPolicyException naming every bad field
     */
    public Policy {
        limits = limits == null ? null : List.copyOf(limits);
        waiting = waiting == null ? Waiting.NONE : waiting;
        leasing = leasing == null ? Leasing.OFF : leasing;
        List<Violation> violations = PolicyRules.check(name, algorithm, limits, refill, key, cost, waiting);
        PolicyRules.checkLeasing(algorithm, refill, limits, cost, leasing, violations);
        if (!violations.isEmpty()) {
            throw new InvalidPolicyException(name, violations);
        }
    }

    /**
     * A policy that follows the store's failure mode ({@code throttled.redis.failure-mode}).
     *
     * @param name      the name
     * @param algorithm the algorithm
     * @param limits    the limits
     * @param refill    the refill
     * @param key       the key source
     * @param cost      the cost per call
     * @param enforce   false for shadow mode
     * @param waiting   how long calls may wait for a permit, and how many at once
     * @param leasing   whether hot keys lease tokens, and for how long
     */
    public Policy(String name, Algorithm algorithm, List<Limit> limits, Refill refill, KeySource key, long cost,
                  boolean enforce, Waiting waiting, Leasing leasing) {
        this(name, algorithm, limits, refill, key, cost, enforce, waiting, leasing, null);
    }

    /**
     * A policy that does not lease.
     *
     * @param name      the name
     * @param algorithm the algorithm
     * @param limits    the limits
     * @param refill    the refill
     * @param key       the key source
     * @param cost      the cost per call
     * @param enforce   false for shadow mode
     * @param waiting   how long calls may wait for a permit, and how many at once
     */
    public Policy(String name, Algorithm algorithm, List<Limit> limits, Refill refill, KeySource key, long cost,
                  boolean enforce, Waiting waiting) {
        this(name, algorithm, limits, refill, key, cost, enforce, waiting, Leasing.OFF, null);
    }

    /**
     * A policy whose calls never wait.
     *
     * @param name      the name
     * @param algorithm the algorithm
     * @param limits    the limits
     * @param refill    the refill
     * @param key       the key source
     * @param cost      the cost per call
     * @param enforce   false for shadow mode
     */
    public Policy(String name, Algorithm algorithm, List<Limit> limits, Refill refill, KeySource key, long cost,
                  boolean enforce) {
        this(name, algorithm, limits, refill, key, cost, enforce, Waiting.NONE, Leasing.OFF, null);
    }

    /**
     * A builder with the defaults: {@code token-bucket}, greedy refill, {@code principal-or-ip}, cost 1, enforced,
     * the store's failure mode.
     *
     * @param name 1 to 128 of {@code A-Z a-z 0-9 . _ $ -}
     * @return the builder
     */
    public static PolicyBuilder builder(String name) {
        return new PolicyBuilder(name);
    }

    /** {@return a builder holding this policy's settings, to change some of them} */
    public PolicyBuilder toBuilder() {
        return new PolicyBuilder(name).algorithm(algorithm).limits(limits).refill(refill).key(key).cost(cost)
                .enforce(enforce).waiting(waiting).leasing(leasing).failureMode(failureMode);
    }

    /**
     * The failure mode that decides this policy's calls when Redis cannot: its own, else the given default.
     *
     * @param storeDefault the store's failure mode ({@code throttled.redis.failure-mode})
     * @return {@link #failureMode()} when set, else {@code storeDefault}
     */
    public FailureMode failureModeOr(FailureMode storeDefault) {
        return failureMode != null ? failureMode : storeDefault;
    }

    /** {@return the limits in config form, e.g. {@code 10/1s,1000/1h}} */
    public String rate() {
        return Limit.format(limits);
    }

    /**
     * Why this policy cannot lease tokens ({@code lease=auto}), or empty when it can.
     *
     * @return the reason, or empty
     */
    public java.util.Optional<String> whyNoLease() {
        return java.util.Optional.ofNullable(PolicyRules.whyNoLease(algorithm, refill));
    }

    /**
     * Why this policy's bucket cannot be pushed on by a wait ({@link RateLimiter#penalize}: the algorithm keeps
     * no time to move forward, or the wait is out of range), or empty when it can.
     *
     * @param waitMillis the wait in ms
     * @return the reason, or empty
     */
    public java.util.Optional<String> whyNoPenalty(long waitMillis) {
        return java.util.Optional.ofNullable(PolicyRules.whyNoPenalty(this, waitMillis));
    }
}
