package io.throttled.sample;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import redis.embedded.RedisServer;
import redis.embedded.core.ExecutableProvider;

/**
 * A Redis server process for the demo: the system's {@code redis-server} when there is one, else the
 * binary bundled with embedded-redis. Loopback only, nothing saved to disk.
 */
final class EmbeddedRedis {
    private final RedisServer server;
    private final String binary;
    private final int port;

    private EmbeddedRedis(RedisServer server, String binary, int port) {
        this.server = server;
        this.binary = binary;
        this.port = port;
    }

    static EmbeddedRedis start(int port) {
        File system = new File("/usr/bin/redis-server");
        try {
            ExecutableProvider executable = system.canExecute() ? () -> system : ExecutableProvider.newJarResourceProvider();
            RedisServer server = RedisServer.newRedisServer().executableProvider(executable).port(port)
                    .bind("127.0.0.1").setting("save \"\"").setting("appendonly no").onShutdownForceStop(true).build();
            server.start();
            return new EmbeddedRedis(server, system.canExecute() ? system.getPath() : "bundled redis-server", port);
        } catch (IOException e) {
            throw new UncheckedIOException("could not start an embedded Redis on port " + port, e);
        }
    }

    String describe() {
        return binary + " on 127.0.0.1:" + port;
    }

    void stop() {
        try {
            server.stop();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
