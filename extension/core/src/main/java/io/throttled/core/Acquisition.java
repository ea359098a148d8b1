package io.throttled.core;

/**
 * One request of a group decided together ({@link RateLimiter#acquireTogether}): take {@code cost} tokens
 * from the policy's bucket for this key.
 *
 * @param policy the policy whose bucket to take from
 * @param key    the client's key
 * @param cost   tokens to take; 0 peeks: reports the state and takes nothing
 */
public record Acquisition(Policy policy, String key, long cost) {

    /**
     * A request for the policy's own cost per call.
     *
     * @param policy the policy whose bucket to take from
     * @param key    the client key
     * @return the request
     */
    public static Acquisition of(Policy policy, String key) {
        if (policy == null) {
            throw new IllegalArgumentException("policy is required");
        }
        return new Acquisition(policy, key, policy.cost());
    }
}
