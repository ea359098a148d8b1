package io.throttled.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The results as Markdown: sections of prose and tables, written at the end (and printed as they come). */
final class Report {
    private final StringBuilder text = new StringBuilder();

    void heading(String title) {
        line("");
        line("## " + title);
        line("");
    }

    void paragraph(String prose) {
        line(prose);
        line("");
    }

    Table table(String... columns) {
        return new Table(columns);
    }

    void line(String line) {
        text.append(line).append('\n');
        System.out.println(line);
    }

    void write(Path file) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String num(double value) {
        if (value >= 100) {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        if (value >= 1) {
            return String.format(Locale.ROOT, "%.2f", value);
        }
        return String.format(Locale.ROOT, "%.3f", value);
    }

    static String ratio(double value) {
        return String.format(Locale.ROOT, "%.2f×", value);
    }

    /** "met" or "missed by ...", for a value that must be at least (or at most) a target. */
    static String verdict(double value, double target, boolean atLeast) {
        boolean met = atLeast ? value >= target : value <= target;
        if (met) {
            return "met";
        }
        double by = atLeast ? (target - value) / target : (value - target) / target;
        return String.format(Locale.ROOT, "missed by %.0f%%", by * 100);
    }

    final class Table {
        private final List<String[]> rows = new ArrayList<>();
        private final String[] columns;

        Table(String[] columns) {
            this.columns = columns;
        }

        Table row(Object... cells) {
            String[] row = new String[cells.length];
            for (int i = 0; i < cells.length; i++) {
                row[i] = String.valueOf(cells[i]);
            }
            rows.add(row);
            return this;
        }

        void end() {
            line("| " + String.join(" | ", columns) + " |");
            line("|" + "---|".repeat(columns.length));
            for (String[] row : rows) {
                line("| " + String.join(" | ", row) + " |");
            }
            line("");
        }
    }
}
