package io.throttled.it.server;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Where a server writes its log: the file of a container, and what is in it, all of it or from a position on. */
public interface ServerLog {

    /** The log file of a container of the suite ({@code full}, {@code minimal}, ...). */
    Path file(String container);

    default List<String> lines(String container) {
        try {
            return Files.readAllLines(file(container), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether a line of this log is a warning (Liberty writes {@code W}, WildFly {@code WARN}, Payara {@code WARNING}). */
    default boolean isWarning(String line) {
        return line.contains(" W ") || line.contains(" WARN ") || line.contains("WARNING");
    }

    /** The log's length now, to read what follows with {@link #since}. */
    default long end(String container) {
        try {
            Path log = file(container);
            return Files.exists(log) ? Files.size(log) : 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What was written from a position on. */
    default String since(String container, long position) {
        Path log = file(container);
        if (!Files.exists(log)) {
            return "";
        }
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
            byte[] added = new byte[(int) Math.max(0, file.length() - position)];
            file.seek(position);
            file.readFully(added);
            return new String(added, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
