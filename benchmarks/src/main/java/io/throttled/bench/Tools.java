package io.throttled.bench;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The command-line tools the suite drives (redis-benchmark, wrk). */
final class Tools {
    private Tools() {
    }

    /**
     * Runs a tool to its end and returns what it printed.
     *
     * @param installHint how to get the tool, for the message when it is missing
     */
    static String run(List<String> command, String installHint) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.waitFor() != 0) {
                throw new IllegalStateException(command.get(0) + " failed: " + output);
            }
            return output;
        } catch (IOException e) {
            throw new UncheckedIOException(command.get(0) + " is needed (" + installHint + "): " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
