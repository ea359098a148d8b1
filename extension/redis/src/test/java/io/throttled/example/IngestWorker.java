package io.throttled.example;

import io.throttled.core.Algorithm;
import io.throttled.core.Decision;
import io.throttled.core.Policy;
import io.throttled.core.RateLimiter;
import io.throttled.redis.JedisScripting;
import io.throttled.redis.RedisConnections;
import io.throttled.redis.RedisRateLimiter;
import io.throttled.redis.RedisSettings;

/**
 * The plain-Java example of docs/guide/java-api.md, compiled and run by {@link PlainJavaExampleTest}: a message
 * consumer (no CDI, no server) that lets each tenant ingest 5 messages a minute across every worker sharing the Redis, and says how
 * long to wait when a tenant is over.
 */
public final class IngestWorker implements AutoCloseable {
    // docs: plain-java (begin)
    private final Policy perTenant = Policy.builder("ingest")
            .algorithm(Algorithm.GCRA)
            .rate("5/1m")
            .build();
    private final JedisScripting redis;
    private final RateLimiter limiter;

    public IngestWorker(String redisUrl) {
        redis = RedisConnections.scripting(RedisSettings.ofUrl(redisUrl));   // a pooled Jedis 8 client
        limiter = RedisRateLimiter.builder(redis).build();
    }

    /** 0 when the message may be handled now, else the milliseconds to wait before trying it again. */
    public long admit(String tenant) {
        Decision decision = limiter.acquire(perTenant, "tenant:" + tenant);
        return decision.allowed() ? 0 : decision.retryAfterMillis();
    }

    @Override
    public void close() {
        redis.close();   // the worker's pool and its threads end with it
    }
    // docs: plain-java (end)
}
