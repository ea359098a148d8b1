package io.throttled.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The lines a test server wrote to its messages.log. */
public final class ServerLog {
    private ServerLog() {
    }

    public static List<String> lines(String server) {
        Path log = Path.of(System.getProperty("wlp.home"), "usr/servers", server, "logs/messages.log");
        try {
            return Files.readAllLines(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
