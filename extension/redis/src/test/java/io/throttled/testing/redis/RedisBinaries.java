package io.throttled.testing.redis;

import io.throttled.redis.RedisVersion;
import java.io.File;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which Redis executables the tests start. The system's {@code redis-server} ({@code THROTTLED_REDIS_BIN}, a
 * folder, else the PATH) when it is Redis 6.2 or later, else the Redis 6.2 that embedded-redis bundles. The
 * system property {@value #PROPERTY}{@code =embedded} forces the bundled one and hides every system tool (as on a
 * machine with nothing installed): the Cluster is then formed by commands instead of {@code redis-cli}.
 * Sentinels are always {@code redis-server --sentinel}, so no {@code redis-sentinel} is needed.
 */
public final class RedisBinaries {
    /** {@code embedded}: the bundled Redis 6.2 and no system tools; unset: the system's first. */
    public static final String PROPERTY = "throttled.test.redis";

    static final String HOW_TO_PROVIDE = "Provide Redis for the tests in one of these ways: "
            + "set THROTTLED_TEST_REDIS_URL=redis://host:port to use a running server (its data is flushed); "
            + "start a Docker daemon (Testcontainers runs redis:7.0); "
            + "install the binaries (Debian/Ubuntu: apt-get install -y redis-server redis-tools; macOS: brew install redis) "
            + "or point THROTTLED_REDIS_BIN at the folder holding them; "
            + "or keep " + EmbeddedRedisBinary.ARTIFACT + " on the test class path (Redis 6.2, linux and macOS).";

    private static Choice chosen;

    private RedisBinaries() {
    }

    /** Whether this run pretends the machine has no Redis of its own. */
    public static boolean embeddedForced() {
        return "embedded".equalsIgnoreCase(System.getProperty(PROPERTY, "").trim());
    }

    /** The {@code redis-server} to start: the system's, else (none, or one older than 6.2) the embedded one. */
    static synchronized File server() {
        return choice().binary();
    }

    /** {@code redis-cli}, when this run may use the system's tools and it has one. */
    static Optional<File> cli() {
        return system("redis-cli");
    }

    /** A system executable, never when the embedded Redis is forced. */
    private static Optional<File> system(String name) {
        if (embeddedForced()) {
            return Optional.empty();
        }
        String folder = System.getenv("THROTTLED_REDIS_BIN");
        if (folder != null) {
            File candidate = new File(folder, name);
            return candidate.canExecute() ? Optional.of(candidate) : Optional.empty();
        }
        String path = System.getenv().getOrDefault("PATH", "") + File.pathSeparator + "/usr/bin:/usr/local/bin";
        for (String dir : path.split(File.pathSeparator)) {
            File candidate = new File(dir, name);
            if (candidate.canExecute()) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** What the tests start, e.g. {@code Redis 7.0.15 (/usr/bin/redis-server)}, {@code Redis 6.2.11 (embedded-redis, ...)}. */
    public static synchronized String describe() {
        return "Redis " + choice().version() + " (" + choice().source() + ")";
    }

    /** Where the binary comes from: its path, or {@code embedded-redis, <path>}. */
    static synchronized String source() {
        return choice().source();
    }

    /** The version {@code redis-server --version} reports, e.g. {@code 7.0.15}. */
    public static synchronized String version() {
        return choice().version();
    }

    private static Choice choice() {
        if (chosen == null) {
            Optional<File> system = system("redis-server");
            if (system.isPresent()) {
                String version = versionOf(system.get());
                if (RedisVersion.parse(version).atLeast(RedisVersion.MINIMUM)) {
                    chosen = new Choice(system.get(), version, system.get().toString());
                    return chosen;
                }
                System.out.println("throttled tests: " + system.get() + " is Redis " + version
                        + ", older than the extension supports; using the embedded Redis instead");
            }
            File embedded = EmbeddedRedisBinary.get();
            chosen = new Choice(embedded, versionOf(embedded), "embedded-redis, " + embedded);
        }
        return chosen;
    }

    private static String versionOf(File binary) {
        String output = Command.run(List.of(binary.getAbsolutePath(), "--version")).output();
        Matcher version = Pattern.compile("v=(\\d+\\.\\d+\\.\\d+)").matcher(output);
        if (!version.find()) {
            throw new IllegalStateException(binary + " --version printed no version: " + output);
        }
        return version.group(1);
    }

    private record Choice(File binary, String version, String source) {
    }
}
