package io.throttled.core;

/**
 * Decides whether a call may proceed. Implementations: the in-JVM store ({@code io.throttled.memory}) and
 * the Redis store ({@code io.throttled.redis}); both give the same decisions for the same timeline.
 */
public interface RateLimiter {

    /**
     * Takes {@code cost} tokens from every limit of the policy for this key, from all of them or from none.
     *
     * @param key  the client's key (user, IP, ...); long or unusual keys are hashed, see {@link BucketKeys}
     * @param cost tokens to take; 0 peeks: reports the state and takes nothing
     * @throws IllegalArgumentException when cost is negative or the key is null
     */
    Decision acquire(Policy policy, String key, long cost);

    /** Takes the policy's own cost per call. */
    default Decision acquire(Policy policy, String key) {
        return acquire(policy, key, policy.cost());
    }

    /** Forgets this key's state under the policy: its next call sees a full bucket. */
    void reset(Policy policy, String key);

    static void checkArguments(Policy policy, String key, long cost) {
        if (policy == null) {
            throw new IllegalArgumentException("policy is required");
        }
        if (key == null) {
            throw new IllegalArgumentException("key is required (use \"\" for one bucket shared by all)");
        }
        if (cost < 0) {
            throw new IllegalArgumentException("cost " + cost + " must be 0 (peek) or more");
        }
    }
}
