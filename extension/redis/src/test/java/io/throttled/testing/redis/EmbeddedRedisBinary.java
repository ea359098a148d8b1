package io.throttled.testing.redis;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * The {@code redis-server} that {@code com.github.codemonstur:embedded-redis} ships as a resource at the root of
 * its jar (one per platform; the linux-amd64 one is Redis 6.2.11 whatever its name says), copied out to an
 * executable file. Only the resource is used, none of the library's classes: its {@code RedisServer} adds a JVM
 * shutdown hook per start.
 */
final class EmbeddedRedisBinary {
    static final String ARTIFACT = "com.github.codemonstur:embedded-redis";

    private static File extracted;

    private EmbeddedRedisBinary() {
    }

    /** The executable, copied once per machine to a temp folder (reused while its size matches the resource). */
    static synchronized File get() {
        if (extracted == null) {
            extracted = extract(resourceName());
        }
        return extracted;
    }

    /** The jar's name for this platform's binary (embedded-redis 1.4.4). */
    static String resourceName() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        boolean arm = arch.equals("aarch64") || arch.equals("arm64");
        boolean x64 = arch.equals("amd64") || arch.equals("x86_64");
        if (os.contains("linux") && x64) {
            return "redis-server-6.2.6-v5-linux-amd64";
        }
        if (os.contains("linux") && arm) {
            return "redis-server-6.2.7-linux-arm64";
        }
        if (os.contains("mac") && x64) {
            return "redis-server-6.2.6-v5-darwin-amd64";
        }
        if (os.contains("mac") && arm) {
            return "redis-server-6.2.6-v5-darwin-arm64";
        }
        throw new IllegalStateException(ARTIFACT + " has no Redis 6.2 binary for " + os + " " + arch + ". "
                + RedisBinaries.HOW_TO_PROVIDE);
    }

    private static File extract(String resource) {
        URL url = EmbeddedRedisBinary.class.getClassLoader().getResource(resource);
        if (url == null) {
            throw new IllegalStateException("No redis-server on this machine, and " + ARTIFACT + " (the embedded Redis "
                    + "binary " + resource + ") is not on the test class path: add it as a test dependency. "
                    + RedisBinaries.HOW_TO_PROVIDE);
        }
        Path folder = Path.of(System.getProperty("java.io.tmpdir"), "throttled-embedded-redis");
        Path binary = folder.resolve(resource);
        try {
            URLConnection connection = url.openConnection();
            long size = connection.getContentLengthLong();
            if (Files.isExecutable(binary) && Files.size(binary) == size) {
                return binary.toFile();
            }
            Files.createDirectories(folder);
            // copied beside it and moved into place: JVMs of parallel builds may extract at the same time
            Path partial = Files.createTempFile(folder, resource, ".partial");
            try (InputStream in = connection.getInputStream()) {
                Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
            }
            if (!partial.toFile().setExecutable(true)) {
                throw new IOException("cannot make " + partial + " executable");
            }
            Files.move(partial, binary, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return binary.toFile();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy " + resource + " of " + ARTIFACT + " to " + binary, e);
        }
    }
}
