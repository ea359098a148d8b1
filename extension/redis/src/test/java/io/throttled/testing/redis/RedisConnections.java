package io.throttled.testing.redis;

import io.throttled.redis.JedisScripting;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A test class's connections to the run's shared Redis ({@link RedisExtension}): each opened when a test first asks
 * for it, all closed after the class's last test. Register it in a static field:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final RedisConnections redis = new RedisConnections();
 * ...
 * RedisRateLimiter.builder(redis.server()).build();
 * }</pre>
 */
public final class RedisConnections implements BeforeAllCallback, AfterAllCallback {
    private final Map<RedisTopology, JedisScripting> open = new EnumMap<>(RedisTopology.class);
    private ExtensionContext context;

    @Override
    public synchronized void beforeAll(ExtensionContext context) {
        this.context = context;
    }

    /** A connection to the standalone server. */
    public JedisScripting server() {
        return on(RedisTopology.SERVER);
    }

    /** The standalone server itself, for plain connections in set-up and inspection. */
    public synchronized TestRedis standalone() {
        return RedisExtension.shared(context());
    }

    /** A connection to the cluster (started for the run when the first test asks for it). */
    public JedisScripting cluster() {
        return on(RedisTopology.CLUSTER);
    }

    /** One connection to {@code topology} for this class, however often it is asked for. */
    public synchronized JedisScripting on(RedisTopology topology) {
        return open.computeIfAbsent(topology, t -> switch (t) {
            case SERVER -> RedisExtension.shared(context()).scripting();
            case CLUSTER -> RedisExtension.cluster(context()).scripting();
        });
    }

    private ExtensionContext context() {
        if (context == null) {
            throw new IllegalStateException("register RedisConnections in a static @RegisterExtension field");
        }
        return context;
    }

    @Override
    public synchronized void afterAll(ExtensionContext context) {
        open.values().forEach(JedisScripting::close);
        open.clear();
    }
}
