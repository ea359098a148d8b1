package io.throttled.bench;

import io.github.bucket4j.distributed.proxy.ProxyManager;
import io.github.bucket4j.distributed.serialization.Mapper;
import io.github.bucket4j.redis.jedis.Bucket4jJedis;
import java.util.concurrent.CompletionStage;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;

/** Bucket4j-Jedis (compare-and-swap), configured as the same token bucket, on the same Redis. */
final class Bucket4jTarget implements PeerClient {
    private final UnifiedJedis jedis;
    private final ProxyManager<String> buckets;

    /** @param connections the pool's size: Bucket4j's throughput depends on it (see the sweep in Bucket4jBench) */
    Bucket4jTarget(int port, int connections) {
        this.jedis = RedisClient.builder().hostAndPort("127.0.0.1", port)
                .poolConfig(pool(connections)).build();
        this.buckets = Bucket4jJedis.casBasedBuilder(jedis).keyMapper(Mapper.STRING).build();
    }

    boolean tryConsume(String key) {
        return buckets.builder().build(key, () -> Bucket4jBench.CONFIGURATION).tryConsume(1);
    }

    @Override
    public boolean decide(int caller, String key) {
        return tryConsume("b4jj:" + key);
    }

    @Override
    public CompletionStage<Boolean> decideAsync(int caller, String key) {
        throw new UnsupportedOperationException("Bucket4j-Jedis has no asynchronous API");
    }

    private static GenericObjectPoolConfig<Connection> pool(int connections) {
        GenericObjectPoolConfig<Connection> pool = new GenericObjectPoolConfig<>();
        pool.setMaxTotal(connections);
        pool.setMaxIdle(connections);
        pool.setJmxEnabled(false);
        return pool;
    }

    @Override
    public void close() {
        jedis.close();
    }
}
