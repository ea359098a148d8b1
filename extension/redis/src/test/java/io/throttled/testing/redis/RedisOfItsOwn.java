package io.throttled.testing.redis;

import io.throttled.redis.JedisScripting;
import io.throttled.redis.RedisConnections;
import io.throttled.redis.RedisSettings;
import java.time.Duration;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import redis.clients.jedis.Jedis;

/**
 * A {@code redis-server} of the test class's own, for tests that must own a whole server (they flush it, read its
 * statistics, or count its keys): started before the class's first test, emptied before each test, stopped after
 * the last. Register it in a static field:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final RedisOfItsOwn server = new RedisOfItsOwn();
 * }</pre>
 */
public final class RedisOfItsOwn implements BeforeAllCallback, BeforeEachCallback, AfterAllCallback {
    private RedisProcess process;
    private JedisScripting scripting;

    @Override
    public void beforeAll(ExtensionContext context) {
        process = RedisProcess.start();
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        try (Jedis jedis = jedis()) {
            jedis.flushAll();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        try {
            if (scripting != null) {
                scripting.close();
            }
        } finally {
            scripting = null;
            process.close();
        }
    }

    public RedisProcess process() {
        return process;
    }

    public String url() {
        return process.url();
    }

    /** A plain connection for set-up and inspection. */
    public Jedis jedis() {
        return process.jedis();
    }

    /** The class's connection for limiters (opened when first asked for, closed with the server). */
    public synchronized JedisScripting scripting() {
        if (scripting == null) {
            scripting = RedisConnections.scripting(RedisSettings.builder().url(url())
                    .commandTimeout(Duration.ofSeconds(5)).build());
        }
        return scripting;
    }
}
