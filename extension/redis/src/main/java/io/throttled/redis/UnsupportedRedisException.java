package io.throttled.redis;

import io.throttled.core.UnsupportedStoreException;

/**
 * The Redis server is too old for what was asked of it: for any decision (below {@link RedisVersion#MINIMUM}),
 * or for a policy with {@code max-wait} (below {@link RedisVersion#RESERVATIONS}). A setup error, not an
 * outage: the failure mode never hides it.
 */
public class UnsupportedRedisException extends UnsupportedStoreException {
    private static final long serialVersionUID = 1L;

    /**
     * An error with this message.
     *
     * @param message what needs which version, and the version found
     */
    public UnsupportedRedisException(String message) {
        super(message);
    }

    static UnsupportedRedisException serverTooOld(RedisVersion found, String where) {
        return new UnsupportedRedisException("throttled needs Redis " + shortForm(RedisVersion.MINIMUM)
                + " or later (its scripts use SET ... PXAT); " + where + " runs Redis " + found
                + ": upgrade Redis, or leave throttled.redis.* unset to decide in memory");
    }

    static UnsupportedRedisException cannotReserve(String policy, long maxWaitMillis, RedisVersion found) {
        return new UnsupportedRedisException("policy '" + policy + "' sets max-wait (" + maxWaitMillis
                + " ms): waiting for a permit needs Redis " + shortForm(RedisVersion.RESERVATIONS)
                + " or later (PEXPIRETIME), and the server runs Redis " + found
                + ": upgrade Redis, or remove max-wait from the policy");
    }

    private static String shortForm(RedisVersion version) {
        return version.major() + "." + version.minor();
    }
}
