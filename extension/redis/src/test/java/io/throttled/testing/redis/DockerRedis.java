package io.throttled.testing.redis;

import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;
import redis.clients.jedis.HostAndPort;

/** A Redis 7.0 container, for machines with a Docker daemon. */
final class DockerRedis implements TestRedis, AutoCloseable {
    private final GenericContainer<?> container;

    private DockerRedis() {
        container = new GenericContainer<>(DockerImageName.parse("redis:7.0")).withExposedPorts(6379);
        container.start();
    }

    /** Whether a Docker daemon answers (false, quickly, when there is none). */
    static boolean available() {
        if ("false".equalsIgnoreCase(System.getenv("THROTTLED_TEST_DOCKER"))) {
            return false;
        }
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (LinkageError | RuntimeException e) {
            return false;   // Testcontainers not on the class path, or no usable Docker environment
        }
    }

    static DockerRedis start() {
        return new DockerRedis();
    }

    @Override
    public HostAndPort hostAndPort() {
        return new HostAndPort(container.getHost(), container.getMappedPort(6379));
    }

    @Override
    public String description() {
        return "Testcontainers redis:7.0 at " + hostAndPort();
    }

    @Override
    public void close() {
        container.stop();
    }
}
