package io.throttled.redis;

/**
 * Loads every script into Redis when a limiter is built: the first decisions then need no NOSCRIPT round trip,
 * and a Redis too old fails the start instead of every decision.
 */
final class ScriptPreload {
    /** The limiter's logger, where this warning always was: logging set up for the limiter still shows it. */
    private static final System.Logger LOG = System.getLogger(RedisRateLimiter.class.getName());

    private ScriptPreload() {
    }

    /** @throws UnsupportedRedisException when Redis answers with a version older than {@link RedisVersion#MINIMUM} */
    static void loadAll(RedisScripting redis) {
        try {
            redis.load(AlgorithmScripts.all());
        } catch (UnsupportedRedisException e) {
            throw e;   // a setup error: better at start than at every decision
        } catch (RuntimeException e) {
            // Not fatal: each script is loaded on its first NOSCRIPT anyway.
            LOG.log(System.Logger.Level.WARNING, "could not load the rate-limit scripts into Redis yet: {0}",
                    e.toString());
        }
    }
}
