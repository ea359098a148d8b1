package io.throttled.testing;

import java.io.File;
import java.util.Optional;

/** Finds the Redis executables: {@code THROTTLED_REDIS_BIN} (a folder) first, then the PATH. */
final class RedisBinaries {
    private RedisBinaries() {
    }

    static Optional<File> find(String name) {
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

    static File require(String name) {
        return find(name).orElseThrow(() -> new IllegalStateException(name + " was not found. " + HOW_TO_PROVIDE));
    }

    static final String HOW_TO_PROVIDE = "Provide Redis for the tests in one of these ways: "
            + "set THROTTLED_TEST_REDIS_URL=redis://host:port to use a running server (its data is flushed); "
            + "start a Docker daemon (Testcontainers runs redis:7.0); "
            + "or install the binaries (Debian/Ubuntu: apt-get install -y redis-server redis-tools redis-sentinel; "
            + "macOS: brew install redis), or point THROTTLED_REDIS_BIN at the folder holding them.";
}
