package io.throttled.resilience;

import io.throttled.core.FailureMode;
import io.throttled.memory.InMemoryRateLimiter;
import io.throttled.resilience.CircuitBreaker;
import io.throttled.redis.JedisScripting;
import io.throttled.resilience.OverLimitCache;
import io.throttled.redis.RedisConnections;
import io.throttled.redis.RedisRateLimiter;
import io.throttled.redis.RedisSettings;
import io.throttled.resilience.ResilientRateLimiter;
import java.util.function.LongSupplier;

/** A limiter built as the extension builds it in production, for the resilience tests. */
final class Resilient {
    private Resilient() {
    }

    static ResilientRateLimiter limiter(RedisSettings settings, FailureMode mode, boolean overLimitCache) {
        return limiter(settings, mode, overLimitCache, System::nanoTime);
    }

    static ResilientRateLimiter limiter(RedisSettings settings, FailureMode mode, boolean overLimitCache, LongSupplier nanoTime) {
        return limiter(RedisConnections.scripting(settings), mode, overLimitCache, nanoTime);
    }

    static ResilientRateLimiter limiter(JedisScripting redis, FailureMode mode, boolean overLimitCache, LongSupplier nanoTime) {
        return new ResilientRateLimiter(RedisRateLimiter.builder(redis).build(), mode,
                InMemoryRateLimiter.create(), new CircuitBreaker(5, 1000, nanoTime),
                overLimitCache ? new OverLimitCache(100_000, nanoTime) : null, nanoTime);
    }
}
