package io.throttled.bench;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.distributed.proxy.ProxyManager;
import io.github.bucket4j.distributed.serialization.Mapper;
import io.github.bucket4j.redis.jedis.Bucket4jJedis;
import java.time.Duration;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;

/** Bucket4j-Jedis (compare-and-swap), configured as the same token bucket, on the same Redis. */
final class Bucket4jTarget implements AutoCloseable {
    private final UnifiedJedis jedis;
    private final ProxyManager<String> buckets;
    private final BucketConfiguration configuration;

    Bucket4jTarget(int port, long capacity, long refill, Duration per) {
        this.jedis = RedisClient.builder().hostAndPort("127.0.0.1", port)
                .poolConfig(pool()).build();
        this.buckets = Bucket4jJedis.casBasedBuilder(jedis).keyMapper(Mapper.STRING).build();
        this.configuration = BucketConfiguration.builder()
                .addLimit(Bandwidth.builder().capacity(capacity).refillGreedy(refill, per).build()).build();
    }

    boolean tryConsume(String key) {
        return buckets.builder().build(key, () -> configuration).tryConsume(1);
    }

    private static org.apache.commons.pool2.impl.GenericObjectPoolConfig<redis.clients.jedis.Connection> pool() {
        org.apache.commons.pool2.impl.GenericObjectPoolConfig<redis.clients.jedis.Connection> pool =
                new org.apache.commons.pool2.impl.GenericObjectPoolConfig<>();
        pool.setMaxTotal(72);
        pool.setMaxIdle(72);
        return pool;
    }

    @Override
    public void close() {
        jedis.close();
    }
}
