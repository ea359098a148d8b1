package io.throttled.config;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations in config: {@code 50ms}, {@code 2s}, {@code 1m}, or a bare number of milliseconds. */
final class Durations {
    private static final Pattern FORM = Pattern.compile("(\\d+)\\s*(ms|s|m|h)?");
    /** 12 digits of hours are 100 million years: any more would overflow the parse or the Duration. */
    private static final int MAX_DIGITS = 12;

    private Durations() {
    }

    /** Like {@link #parse}, refusing zero. */
    static Duration positive(String key, String text) {
        Duration d = parse(key, text);
        if (d.isZero()) {
            throw new IllegalArgumentException(key + "='" + text + "' must be longer than zero");
        }
        return d;
    }

    static Duration parse(String key, String text) {
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException(key + "='" + text + "' is not a duration; e.g. 50ms, 2s, 1m");
        }
        if (m.group(1).length() > MAX_DIGITS) {
            throw new IllegalArgumentException(key + "='" + text + "' is too long a duration (at most " + MAX_DIGITS + " digits)");
        }
        long amount = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "ms" : m.group(2);
        return switch (unit) {
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            case "h" -> Duration.ofHours(amount);
            default -> Duration.ofMillis(amount);
        };
    }
}
