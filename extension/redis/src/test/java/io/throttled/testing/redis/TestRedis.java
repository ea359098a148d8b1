package io.throttled.testing.redis;

import io.throttled.redis.JedisScripting;
import io.throttled.redis.RedisConnections;
import io.throttled.redis.RedisSettings;
import io.throttled.redis.RedisVersion;
import java.time.Duration;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisProtocol;

/**
 * The Redis server tests share, injected by {@link RedisExtension}. Tests keep apart by using their own
 * key prefixes; a test that must own a whole server starts a {@link RedisProcess} instead.
 */
public interface TestRedis {

    HostAndPort hostAndPort();

    /** What provides it: a URL, a container or a process, for messages. */
    String description();

    default String url() {
        return "redis://" + hostAndPort().getHost() + ":" + hostAndPort().getPort();
    }

    /**
     * Settings for this server with timeouts loose enough for a busy two-core CI machine; production
     * defaults are much tighter, and the resilience tests exercise those.
     */
    default RedisSettings settings() {
        return RedisSettings.builder().url(url()).commandTimeout(Duration.ofSeconds(5))
                .connectTimeout(Duration.ofSeconds(5)).pool(64, 64, 0, Duration.ofSeconds(5)).build();
    }

    default JedisScripting scripting() {
        return RedisConnections.scripting(settings());
    }

    /** The server's version, from {@code INFO server}. */
    default RedisVersion version() {
        try (Jedis jedis = jedis()) {
            return RedisVersion.fromInfo(jedis.info("server"));
        }
    }

    /** A plain connection for set-up and inspection. */
    default Jedis jedis() {
        return new Jedis(hostAndPort(), DefaultJedisClientConfig.builder().protocol(RedisProtocol.RESP2).build());
    }
}
