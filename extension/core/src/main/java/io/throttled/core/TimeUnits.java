package io.throttled.core;

import java.util.Map;

/** The time units of limit text, and the shortest exact rendering of a window. */
final class TimeUnits {
    private static final Map<String, Long> MILLIS = Map.of(
            "ms", 1L, "s", 1_000L, "m", 60_000L, "h", 3_600_000L, "d", 86_400_000L);
    private static final String[] LARGEST_FIRST = {"d", "h", "m", "s"};

    private TimeUnits() {
    }

    static Long millisOf(String unit) {
        return MILLIS.get(unit);
    }

    /** A duration such as {@code 250ms}, {@code 2s}, {@code 1m}: a whole number and a unit. */
    static long parseMillis(String text) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d{1,12})\\s*([a-z]+)").matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a whole number and a unit");
        }
        Long unit = MILLIS.get(m.group(2));
        if (unit == null) {
            throw new IllegalArgumentException("unknown time unit '" + m.group(2) + "'");
        }
        long amount = Long.parseLong(m.group(1));   // at most 12 digits: a long
        if (amount > Long.MAX_VALUE / unit) {
            throw new IllegalArgumentException("'" + text + "' is too long to count in milliseconds");
        }
        return amount * unit;
    }

    static String format(long millis) {
        for (String unit : LARGEST_FIRST) {
            long size = MILLIS.get(unit);
            if (millis % size == 0) {
                return millis / size + unit;
            }
        }
        return millis + "ms";
    }
}
