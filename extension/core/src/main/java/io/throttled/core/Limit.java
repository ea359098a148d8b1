package io.throttled.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A quantity per window with a burst: {@code 10/1s}, {@code 1000/1h}, {@code 60/1m;burst=100}, {@code 5/250ms}.
 *
 * <p>The burst is the most that can be taken at once (the bucket's capacity); it defaults to the quantity.
 * Windows are whole milliseconds from 1 ms to 366 days.
 *
 * @param quantity     how many per window, at least 1
 * @param windowMillis the window, in milliseconds
 * @param burst        the most that can be taken at once, at least 1
 * @serial exclude
 */
// @serial exclude: javadoc 17's doclint wants a comment of its own on each component of a serializable record,
// where the @param tags above are the only place for one (later JDKs read those).
public record Limit(long quantity, long windowMillis, long burst) implements java.io.Serializable {

    /** The longest window: 366 days. */
    public static final long MAX_WINDOW_MILLIS = Duration.ofDays(366).toMillis();
    static final String ACCEPTED_FORMS =
            "accepted forms: 10/1s, 1000/1h, 60/1m;burst=100, 5/250ms (quantity/window[;burst=n], units ms, s, m, h, d)";

    private static final Pattern LIMIT =
            Pattern.compile("([+-]?\\d+)\\s*/\\s*([+-]?\\d*)\\s*([a-zA-Z]+)");
    private static final Pattern OPTION = Pattern.compile("([a-zA-Z]+)\\s*=\\s*([+-]?\\d+)");

    /**
     * Checks the numbers.
     *
     * @param quantity     how many per window
     * @param windowMillis the window, in milliseconds
     * @param burst        the most that can be taken at once
     * @throws IllegalArgumentException naming the number that is out of range
     */
    public Limit {
        if (quantity < 1) {
            throw new IllegalArgumentException("quantity " + quantity + " must be at least 1");
        }
        if (windowMillis < 1 || windowMillis > MAX_WINDOW_MILLIS) {
            throw new IllegalArgumentException("window " + windowMillis + "ms must be between 1ms and 366d");
        }
        if (burst < 1) {
            throw new IllegalArgumentException("burst " + burst + " must be at least 1");
        }
    }

    /**
     * A limit whose burst equals its quantity.
     *
     * @param quantity how many per window
     * @param window   the window, in whole milliseconds
     * @return the limit
     */
    public static Limit of(long quantity, Duration window) {
        return new Limit(quantity, window.toMillis(), quantity);
    }

    /**
     * The same quantity per window with another burst.
     *
     * @param newBurst the most that can be taken at once
     * @return the new limit
     */
    public Limit withBurst(long newBurst) {
        return new Limit(quantity, windowMillis, newBurst);
    }

    /** {@return the window} */
    public Duration window() {
        return Duration.ofMillis(windowMillis);
    }

    /** {@return the window in microseconds, the unit the algorithms count in} */
    public long windowMicros() {
        return windowMillis * 1000;
    }

    /** {@return whether the burst was left at its default} */
    public boolean hasDefaultBurst() {
        return burst == quantity;
    }

    /** {@return the window in its shortest exact form: {@code 1s}, {@code 250ms}, {@code 90s}, {@code 2h}} */
    public String windowText() {
        return TimeUnits.format(windowMillis);
    }

    @Override
    public String toString() {
        String base = quantity + "/" + windowText();
        return hasDefaultBurst() ? base : base + ";burst=" + burst;
    }

    /**
     * Parses one limit.
     *
     * @param text {@code quantity/window[;burst=n]}, e.g. {@code 60/1m;burst=100}
     * @return the limit
     * @throws IllegalArgumentException that quotes the input, says what is wrong and shows the accepted forms
     */
    public static Limit parse(String text) {
        if (text == null || text.isBlank()) {
            throw invalid(text, "it is empty");
        }
        String[] parts = text.trim().split(";", -1);
        Matcher m = LIMIT.matcher(parts[0].trim());
        if (!m.matches()) {
            throw invalid(text, "expected quantity/window");
        }
        long quantity = number(text, "quantity", m.group(1));
        long count = m.group(2).isEmpty() ? 1 : number(text, "window", m.group(2));
        Long unitMillis = TimeUnits.millisOf(m.group(3).toLowerCase(Locale.ROOT));
        if (unitMillis == null) {
            throw invalid(text, "unknown time unit '" + m.group(3) + "'");
        }
        if (count < 1) {
            throw invalid(text, "window " + count + m.group(3) + " must be at least 1ms");
        }
        if (count > MAX_WINDOW_MILLIS / unitMillis) {
            throw invalid(text, "window " + count + m.group(3) + " is longer than 366d");
        }
        long burst = quantity;
        for (int i = 1; i < parts.length; i++) {
            Matcher option = OPTION.matcher(parts[i].trim());
            if (!option.matches() || !option.group(1).equalsIgnoreCase("burst")) {
                throw invalid(text, "unknown option '" + parts[i].trim() + "' (only burst=n)");
            }
            burst = number(text, "burst", option.group(2));
        }
        try {
            return new Limit(quantity, count * unitMillis, burst);
        } catch (IllegalArgumentException e) {
            throw invalid(text, e.getMessage());
        }
    }

    /**
     * Parses a comma-separated list such as {@code 10/1s,1000/1h}.
     *
     * @param text one or more limits, comma separated
     * @return the limits, in order
     * @throws IllegalArgumentException as {@link #parse(String)}, for the first limit that does not parse
     */
    public static List<Limit> parseAll(String text) {
        if (text == null || text.isBlank()) {
            throw invalid(text, "it is empty");
        }
        List<Limit> limits = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            limits.add(parse(part));
        }
        return List.copyOf(limits);
    }

    /**
     * Formats limits the way {@link #parseAll(String)} reads them.
     *
     * @param limits the limits
     * @return their config form, comma separated
     */
    public static String format(List<Limit> limits) {
        StringBuilder sb = new StringBuilder();
        for (Limit limit : limits) {
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(limit);
        }
        return sb.toString();
    }

    private static long number(String text, String what, String digits) {
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw invalid(text, what + " " + digits + " is too large");
        }
    }

    private static IllegalArgumentException invalid(String text, String reason) {
        return new IllegalArgumentException("'" + text + "' is not a limit: " + reason + "; " + ACCEPTED_FORMS);
    }
}
