package io.throttled.resilience;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The figures the resilience tests measured, appended to {@code target/reliability.md} (and printed), so
 * docs/operations/reliability.md can quote the last run.
 */
final class Reliability {
    private static final Path REPORT = Path.of("target", "reliability.md");

    private Reliability() {
    }

    static synchronized void report(String scenario, String figures) {
        String line = "- **" + scenario + "**: " + figures;
        System.out.println(line);
        try {
            Files.createDirectories(REPORT.getParent());
            Files.writeString(REPORT, line + System.lineSeparator(), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
