package io.throttled.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The seconds another JVM's JIT has spent compiling, from {@code jstat -compiler}: a long-running server is measured
 * once its JIT has gone quiet, not while it still compiles the paths under load (on two cores Liberty's JIT takes
 * minutes, and not at the same pace for every endpoint).
 */
final class JitTime {
    private static final Path JSTAT = Path.of(System.getProperty("java.home"), "bin", "jstat");

    private JitTime() {
    }

    /** {@return the JIT's compile time so far in the JVM with this pid; empty where this JDK has no jstat} */
    static OptionalDouble seconds(long pid) {
        if (!Files.isExecutable(JSTAT)) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(parse(Tools.run(List.of(JSTAT.toString(), "-compiler", Long.toString(pid)),
                "jstat comes with the JDK")));
    }

    /** {@code Compiled Failed Invalid Time FailedType FailedMethod}, then one line of values: the Time column. */
    static double parse(String out) {
        String[] lines = out.trim().split("\\R");
        if (lines.length < 2) {
            throw new IllegalStateException("cannot read jstat -compiler: " + out);
        }
        List<String> header = List.of(lines[0].trim().split("\\s+"));
        int time = header.indexOf("Time");
        String[] values = lines[1].trim().split("\\s+");
        if (time < 0 || values.length <= time) {
            throw new IllegalStateException("cannot read jstat -compiler: " + out);
        }
        return Double.parseDouble(values[time]);
    }
}
