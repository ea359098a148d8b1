package io.throttled.bench;

import io.throttled.redis.CoalescingScripting;
import io.throttled.redis.JedisKeyspace;
import io.throttled.redis.JedisScripting;
import io.throttled.redis.RedisConnections;
import io.throttled.redis.RedisRateLimiter;
import io.throttled.redis.RedisSettings;
import java.time.Duration;

/** Our limiter on the benchmark Redis, built as the extension builds it; with or without coalescing. */
final class Limiters implements AutoCloseable {
    final JedisScripting jedis;
    final RedisRateLimiter coalesced;
    final RedisRateLimiter plain;
    /** Coalesced as before batch scripts: each decision its own script call in the pipeline (for comparison). */
    final RedisRateLimiter pipelined;

    Limiters(String url) {
        // enough connections for 64 callers without coalescing (redis-benchmark opens 64 too), and a timeout
        // long enough that a busy two-core machine measures throughput, not timeouts
        this.jedis = RedisConnections.scripting(RedisSettings.builder().url(url).commandTimeout(Duration.ofSeconds(2))
                .pool(72, 72, 0, Duration.ofSeconds(2)).build());
        this.coalesced = RedisRateLimiter.builder(new CoalescingScripting(jedis, 128, 2))
                .keyspace(new JedisKeyspace(jedis.client())).build();
        this.plain = RedisRateLimiter.builder(jedis).build();
        this.pipelined = RedisRateLimiter.builder(new CoalescingScripting(jedis, 128, 2, false))
                .keyspace(new JedisKeyspace(jedis.client())).build();
    }

    /** Empties the benchmark Redis between parts, so one part's keys do not weigh on the next. */
    void flush() {
        jedis.client().flushAll();
    }

    @Override
    public void close() {
        jedis.close();
    }
}
