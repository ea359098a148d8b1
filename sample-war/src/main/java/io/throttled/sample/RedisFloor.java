package io.throttled.sample;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import org.eclipse.microprofile.config.ConfigProvider;
import redis.clients.jedis.Connection;
import redis.clients.jedis.RedisClient;

/**
 * The benchmark's floor: one plain {@code GET} on the Redis the limiter uses, through a Jedis client pooled as the
 * extension's default (32 connections), so the HTTP benchmark can compare a {@code @Throttled} request with a
 * request that makes exactly one round trip and nothing else. Opened on first use, closed with the application.
 */
@ApplicationScoped
public class RedisFloor {
    static final String KEY = "throttled-demo:floor";
    private volatile RedisClient client;

    /** One round trip: the value of {@value #KEY}, usually none. */
    public String get() {
        RedisClient open = client;
        return (open != null ? open : open()).get(KEY);
    }

    private synchronized RedisClient open() {
        if (client == null) {
            String url = ConfigProvider.getConfig().getOptionalValue("throttled.redis.url", String.class)
                    .orElseThrow(() -> new IllegalStateException("the floor endpoint needs throttled.redis.url"));
            GenericObjectPoolConfig<Connection> pool = new GenericObjectPoolConfig<>();
            pool.setMaxTotal(32);
            pool.setMaxIdle(32);
            pool.setJmxEnabled(false);
            client = RedisClient.builder().fromURI(URI.create(url)).poolConfig(pool).build();
        }
        return client;
    }

    @PreDestroy
    synchronized void close() {
        if (client != null) {
            client.close();
        }
    }
}
