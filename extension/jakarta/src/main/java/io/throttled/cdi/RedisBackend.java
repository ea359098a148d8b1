package io.throttled.cdi;

import io.throttled.redis.JedisScripting;
import io.throttled.redis.RedisConnections;
import io.throttled.redis.RedisSettings;
import java.util.Optional;
import redis.clients.jedis.UnifiedJedis;

/** The one Redis client of the application, shared by the limiter, the override store and the health check. */
public final class RedisBackend implements AutoCloseable {
    private final RedisSettings settings;
    private final JedisScripting scripting;
    private boolean closed;

    private RedisBackend(RedisSettings settings, JedisScripting scripting) {
        this.settings = settings;
        this.scripting = scripting;
    }

    static RedisBackend of(Optional<RedisSettings> settings) {
        return settings.map(s -> new RedisBackend(s, RedisConnections.scripting(s))).orElseGet(() -> new RedisBackend(null, null));
    }

    public boolean isConfigured() {
        return scripting != null;
    }

    public RedisSettings settings() {
        return settings;
    }

    public JedisScripting scripting() {
        return scripting;
    }

    public UnifiedJedis client() {
        return scripting.client();
    }

    /** Closes the client and its pool; safe to call again. */
    @Override
    public synchronized void close() {
        if (scripting != null && !closed) {
            closed = true;
            scripting.close();
        }
    }
}
