package io.throttled.redis;

/** Limiters as the tests build them. */
final class TestLimiters {
    private TestLimiters() {
    }

    /**
     * Builds without loading the scripts first ({@link RedisRateLimiter.Builder#build} loads them): the tests build
     * many short-lived limiters, some on stand-ins that count calls or on servers that refuse them, and each
     * script is loaded on its first NOSCRIPT anyway.
     */
    static RedisRateLimiter withoutPreload(RedisRateLimiter.Builder builder) {
        return new RedisRateLimiter(builder);
    }
}
