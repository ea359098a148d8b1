package it;

import io.throttled.testing.redis.RedisProcess;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import redis.clients.jedis.Jedis;

/**
 * The sample on Liberty, one server for the whole test run (start-up dominates on two cores), deciding on a
 * {@code redis-server} of its own that tests may stop and start. Inject {@link SampleServer} into a test
 * or a lifecycle method.
 */
public final class SampleServerExtension implements ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SampleServerExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == SampleServer.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return sample(context);
    }

    private static SampleServer sample(ExtensionContext context) {
        return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent("sample", k -> {
            RedisProcess redis = RedisProcess.start();
            try {
                return new SampleServer(redis, LibertyServer.start(LibertyServer.sampleServerName(),
                        Map.of("THROTTLED_REDIS_URL", redis.url())));
            } catch (RuntimeException e) {
                redis.close();
                throw e;
            }
        }, SampleServer.class);
    }

    /**
     * For classes whose tests change policies, routes or buckets: {@link SampleServer#reset()} before each test and
     * after it, so that each starts from the configured policies and full buckets, and one that failed midway limits
     * no other.
     */
    public static final class ResetAroundEachTest implements BeforeEachCallback, AfterEachCallback {
        @Override
        public void beforeEach(ExtensionContext context) {
            sample(context).reset();
        }

        @Override
        public void afterEach(ExtensionContext context) {
            sample(context).reset();
        }
    }

    /** The running sample and the Redis it decides on. */
    public record SampleServer(RedisProcess redis, LibertyServer server) implements AutoCloseable {
        static final String OPERATOR = "operator";
        static final String OPERATOR_PASSWORD = "operator-demo";
        static final String USER = "user";
        static final String USER_PASSWORD = "user-demo";

        public String url(String path) {
            return server.baseUrl() + path;
        }

        public String httpsUrl(String path) {
            return server.httpsUrl() + path;
        }

        public Jedis jedis() {
            return redis.jedis();
        }

        /** Forget every bucket, override and remembered denial, so a test starts from the configured policies and full buckets. */
        public void reset() {
            for (String policy : new String[] {"ping", "greeting", "report", "login", "partner", "hot", "api-per-ip"}) {
                Http.send("DELETE", url("/api/throttled/policies/" + policy), null, OPERATOR, OPERATOR_PASSWORD);
                // resets on this node at once, with no notice to wait for: a test that restarted Redis may run
                // before the node's change feed has reconnected, and a remembered denial would then linger
                Http.send("DELETE", url("/api/throttled/buckets/" + policy), null, OPERATOR, OPERATOR_PASSWORD);
            }
            for (String tier : new String[] {"ping.tier.gold", "ping.tier.partner"}) {
                // tiers tests create at runtime: dropping the override removes them
                Http.send("DELETE", url("/api/throttled/policies/" + tier), null, OPERATOR, OPERATOR_PASSWORD);
            }
            for (String route : new String[] {"free-burst", "scanner", "everything", "api-per-ip"}) {
                // runtime routes (and runtime settings of config routes) tests create: a test that failed midway
                // must not limit the next one
                Http.send("DELETE", url("/api/throttled/routes/" + route), null, OPERATOR, OPERATOR_PASSWORD);
            }
            try (Jedis jedis = jedis()) {
                jedis.flushAll();
            }
        }

        @Override
        public void close() {
            try {
                server.close();
            } finally {
                redis.close();
            }
        }
    }
}
