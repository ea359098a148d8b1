package io.throttled.sample;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import redis.embedded.core.ExecutableProvider;

/**
 * A Redis server process for the demo: the system's {@code redis-server} when there is one, else the
 * binary bundled with embedded-redis. Loopback only, nothing saved to disk.
 *
 * <p>The process is started and stopped here rather than by embedded-redis's {@code RedisServer}: that
 * registers a JVM shutdown hook on every start and never removes it, and the hook would keep every
 * undeployed copy of this application in memory. Its output goes to a file, so no thread reads it.
 */
final class EmbeddedRedis {
    private static final long START_TIMEOUT_MILLIS = 10_000;

    private final Process process;
    private final String binary;
    private final int port;
    private final Path folder;

    private EmbeddedRedis(Process process, String binary, int port, Path folder) {
        this.process = process;
        this.binary = binary;
        this.port = port;
        this.folder = folder;
    }

    static EmbeddedRedis start(int port) {
        File system = new File("/usr/bin/redis-server");
        try {
            File executable = system.canExecute() ? system : ExecutableProvider.newJarResourceProvider().get();
            Path folder = Files.createTempDirectory("throttled-demo-redis-");
            Process process = new ProcessBuilder(List.of(executable.getAbsolutePath(), "--port", Integer.toString(port),
                    "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", folder.toString()))
                    .redirectErrorStream(true).redirectOutput(folder.resolve("redis.log").toFile()).start();
            EmbeddedRedis redis = new EmbeddedRedis(process, system.canExecute() ? system.getPath()
                    : "bundled redis-server", port, folder);
            redis.awaitReady();
            return redis;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start an embedded Redis on port " + port, e);
        }
    }

    /** Waits until the server answers, or fails with its log when it exits or does not answer in time. */
    private void awaitReady() throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MILLIS);
        while (!DemoRedis.answers("127.0.0.1", port)) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                String log = Files.readString(folder.resolve("redis.log"));   // before stop() removes the folder
                stop();
                throw new IOException("redis-server on port " + port + " did not start: " + log);
            }
            try {
                process.waitFor(50, TimeUnit.MILLISECONDS);   // returns early if the process dies
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while starting redis-server", e);
            }
        }
    }

    String describe() {
        return binary + " on 127.0.0.1:" + port;
    }

    /** Stops the process and waits for it, so the port is free again when the application has stopped. */
    void stop() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
        try (var files = Files.list(folder)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.deleteIfExists(file);
            }
            Files.deleteIfExists(folder);
        } catch (IOException e) {
            System.out.println("throttled demo: could not remove " + folder + ": " + e.getMessage());
        }
    }
}
