package io.throttled.redis;

import java.time.Duration;
import java.util.List;

/**
 * How long and how many, whatever the topology: the connect and command timeouts, the pool's sizes and wait, and
 * how often idle connections are PINGed ({@value RedisConfigKeys#CONNECT_TIMEOUT}, {@value RedisConfigKeys#TIMEOUT},
 * {@code throttled.redis.pool.*}).
 *
 * @param connectTimeout how long opening a connection may take
 * @param commandTimeout how long one command may take before it fails
 * @param poolMaxTotal   the most connections
 * @param poolMaxIdle    the most idle connections kept
 * @param poolMinIdle    the fewest idle connections kept
 * @param poolMaxWait    how long a call waits for a connection
 * @param poolIdlePing   how often idle connections are PINGed; zero for never
 */
record ConnectionLimits(Duration connectTimeout, Duration commandTimeout, int poolMaxTotal, int poolMaxIdle,
                        int poolMinIdle, Duration poolMaxWait, Duration poolIdlePing) {

    /** Adds what is wrong to the errors, each naming its setting, its value and what is allowed. */
    void check(List<String> errors) {
        positive(connectTimeout, RedisConfigKeys.CONNECT_TIMEOUT, errors);
        positive(commandTimeout, RedisConfigKeys.TIMEOUT, errors);
        positive(poolMaxWait, RedisConfigKeys.POOL_MAX_WAIT, errors);
        if (poolIdlePing == null || poolIdlePing.isNegative()) {
            errors.add(RedisConfigKeys.POOL_IDLE_PING + "=" + poolIdlePing + " must be a duration of 0 (off) or more");
        }
        if (poolMaxTotal < 1) {
            errors.add(RedisConfigKeys.POOL_MAX_TOTAL + "=" + poolMaxTotal + " must be at least 1");
        }
        if (poolMinIdle < 0 || poolMinIdle > poolMaxIdle || poolMaxIdle > poolMaxTotal) {
            errors.add("pool sizes must satisfy 0 <= " + RedisConfigKeys.POOL_MIN_IDLE + " (" + poolMinIdle + ") <= "
                    + RedisConfigKeys.POOL_MAX_IDLE + " (" + poolMaxIdle + ") <= "
                    + RedisConfigKeys.POOL_MAX_TOTAL + " (" + poolMaxTotal + ")");
        }
    }

    private static void positive(Duration value, String setting, List<String> errors) {
        if (value == null || value.isNegative() || value.isZero()) {
            errors.add(setting + "=" + value + " must be a positive duration");
        }
    }
}
