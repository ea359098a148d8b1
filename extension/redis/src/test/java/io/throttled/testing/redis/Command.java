package io.throttled.testing.redis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** An external command the harness runs to its end: {@code redis-cli}, {@code kill}, {@code redis-server --version}. */
final class Command {
    private Command() {
    }

    /** What the command printed (standard output and error together), and how it exited. */
    record Result(int exitCode, String output) {
    }

    static Result run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return new Result(process.waitFor(), output);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
