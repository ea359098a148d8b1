package it;

import io.throttled.testing.RedisExtension;
import io.throttled.testing.TestRedis;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The sample on Liberty, one server for the whole test run (start-up dominates on two cores), deciding on
 * the test run's Redis. Inject {@link SampleServer} into a test or a lifecycle method.
 */
public final class SampleServerExtension implements ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SampleServerExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == SampleServer.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        TestRedis redis = RedisExtension.shared(context);
        return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent("sample", k -> new SampleServer(redis,
                LibertyServer.start("throttled-sample", Map.of("THROTTLED_REDIS_URL", redis.url()))), SampleServer.class);
    }

    /** The running sample and the Redis it decides on. */
    public record SampleServer(TestRedis redis, LibertyServer server) implements AutoCloseable {
        public String url(String path) {
            return server.baseUrl() + path;
        }

        /** Forget every bucket, so a test starts from full ones. */
        public void flushRedis() {
            try (var jedis = redis.jedis()) {
                jedis.flushAll();
            }
        }

        @Override
        public void close() {
            server.close();
        }
    }
}
