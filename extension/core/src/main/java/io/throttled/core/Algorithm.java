package io.throttled.core;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The rate-limiting algorithms, by the names used in annotations, configuration and the admin API.
 */
public enum Algorithm {
    /** A bucket of {@code burst} tokens refilled at the rate, continuously or once per window ({@link Refill}). */
    TOKEN_BUCKET("token-bucket", "tb", true),
    /** Generic cell rate algorithm: the token bucket's decisions from one number per key. */
    GCRA("gcra", "g", true),
    /** A counter per clock-aligned window; up to twice the limit can pass across a window boundary. */
    FIXED_WINDOW("fixed-window", "fw", false),
    /** Every admission's timestamp in a sorted set: an exact rolling window, memory grows with the limit. */
    SLIDING_WINDOW_LOG("sliding-window-log", "sl", false),
    /** The current and previous window's counters, the previous one weighted by how much of it still overlaps. */
    SLIDING_WINDOW_COUNTER("sliding-window-counter", "sc", false),
    /** A bucket that fills with each admission and drains at the rate; full means denied (policing). */
    LEAKY_BUCKET("leaky-bucket", "lb", true);

    private final String configName;
    private final String keyCode;
    private final boolean usesBurst;

    Algorithm(String configName, String keyCode, boolean usesBurst) {
        this.configName = configName;
        this.keyCode = keyCode;
        this.usesBurst = usesBurst;
    }

    /** {@return the name used in {@code @Throttled(algorithm=...)}, config values and JSON} */
    public String configName() {
        return configName;
    }

    /** {@return the short code that names the algorithm in Redis keys, so changing the algorithm never reads foreign state} */
    public String keyCode() {
        return keyCode;
    }

    /** {@return whether a burst larger or smaller than the quantity means anything to this algorithm} */
    public boolean usesBurst() {
        return usesBurst;
    }

    /** {@return all config names, comma separated, for error messages} */
    public static String allowedValues() {
        return Arrays.stream(values()).map(Algorithm::configName).collect(Collectors.joining(", "));
    }

    /**
     * Parses a config name (case-insensitive, surrounding blanks ignored).
     *
     * @param text a config name such as {@code gcra}
     * @return the algorithm of that name
     * @throws IllegalArgumentException naming the value and the allowed ones
     */
    public static Algorithm fromConfig(String text) {
        String wanted = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (Algorithm algorithm : values()) {
            if (algorithm.configName.equals(wanted)) {
                return algorithm;
            }
        }
        throw new IllegalArgumentException("unknown algorithm '" + text + "'; allowed: " + allowedValues());
    }

    @Override
    public String toString() {
        return configName;
    }
}
