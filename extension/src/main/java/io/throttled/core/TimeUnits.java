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
