package io.throttled.testing.redis;

import io.throttled.redis.RedisVersion;
import java.net.URI;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

/**
 * Gives tests a Redis: a {@link TestRedis} parameter is one standalone server shared by the whole run,
 * a {@link RedisClusterProcess} parameter a 3-master / 3-replica cluster, also shared.
 *
 * <p>The standalone server is, in this order: the one at {@code THROTTLED_TEST_REDIS_URL} (flushed first);
 * a Testcontainers Redis when a Docker daemon answers; a {@code redis-server} process on a free port, the
 * system's or the embedded Redis 6.2 ({@link RedisBinaries}); with {@code throttled.test.redis=embedded} always
 * the last. When none can be had the test fails with a message saying how to provide one. Servers this
 * extension starts are stopped when the run ends, failed tests or not.
 */
public final class RedisExtension implements ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(RedisExtension.class);
    private static TestRedis processWide;

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == TestRedis.class || type == RedisClusterProcess.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        if (parameter.getParameter().getType() == RedisClusterProcess.class) {
            return cluster(context);
        }
        return shared(context);
    }

    /** The cluster of this test run, started when a test first asks for it. */
    public static RedisClusterProcess cluster(ExtensionContext context) {
        return context.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent("cluster", k -> RedisClusterProcess.start(), RedisClusterProcess.class);
    }

    /** The standalone server of this test run, for other extensions (a server under test needs its URL). */
    public static TestRedis shared(ExtensionContext context) {
        return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent("standalone", k -> standalone(), TestRedis.class);
    }

    /**
     * The oldest Redis this run's tests may meet: the standalone server's, and the binary's that Cluster and
     * Sentinel tests start when it differs (a URL or Docker beside a local binary).
     */
    public static RedisVersion version(ExtensionContext context) {
        TestRedis server;
        synchronized (RedisExtension.class) {
            server = processWide;   // one this JVM already has (an Arquillian suite's) rather than a second one
        }
        RedisVersion standalone = (server != null ? server : shared(context)).version();
        try {
            RedisVersion binary = RedisVersion.parse(RedisBinaries.version());
            return binary.compareTo(standalone) < 0 ? binary : standalone;
        } catch (RuntimeException noBinary) {
            return standalone;   // tests that start processes fail on their own, with the message how to get one
        }
    }

    /**
     * One standalone server for this JVM, for code that runs outside a JUnit extension context (an
     * Arquillian {@code @Deployment} method builds its archive before any test runs). A process started
     * here is stopped when the JVM exits; a container, by Testcontainers.
     */
    public static synchronized TestRedis processWide() {
        if (processWide == null) {
            processWide = standalone();
        }
        return processWide;
    }

    private static TestRedis standalone() {
        if (RedisBinaries.embeddedForced()) {
            return new ProcessRedis(RedisProcess.start());   // the 6.2 leg: neither a URL nor Docker counts
        }
        String url = System.getenv("THROTTLED_TEST_REDIS_URL");
        if (url != null && !url.isBlank()) {
            return fromUrl(url.trim());
        }
        if (DockerRedis.available()) {
            return DockerRedis.start();
        }
        return new ProcessRedis(RedisProcess.start());
    }

    private static TestRedis fromUrl(String url) {
        URI uri = URI.create(url);
        HostAndPort hostAndPort = new HostAndPort(uri.getHost(), uri.getPort() < 0 ? 6379 : uri.getPort());
        try (Jedis jedis = new Jedis(hostAndPort)) {
            jedis.flushAll();
        } catch (RuntimeException e) {
            throw new IllegalStateException("THROTTLED_TEST_REDIS_URL=" + url + " does not answer: " + e.getMessage(), e);
        }
        return new TestRedis() {
            @Override
            public HostAndPort hostAndPort() {
                return hostAndPort;
            }

            @Override
            public String description() {
                return "THROTTLED_TEST_REDIS_URL=" + url;
            }
        };
    }

    /** A server process this extension started and stops. */
    private record ProcessRedis(RedisProcess process) implements TestRedis, AutoCloseable {
        @Override
        public HostAndPort hostAndPort() {
            return process.hostAndPort();
        }

        @Override
        public String description() {
            return "redis-server process " + process.pid() + " on port " + process.port() + ", " + RedisBinaries.source();
        }

        @Override
        public void close() {
            process.close();
        }
    }
}
