package io.throttled.core;

import java.util.Locale;

/** How a token bucket gets its tokens back. */
public enum Refill {
    /** Continuously: a bucket of {@code 10/1s} has a new token every 100 ms. */
    GREEDY("greedy"),
    /** In steps: the whole quantity arrives at once, one window after the previous step (the Redis docs' script). */
    INTERVAL("interval");

    private final String configName;

    Refill(String configName) {
        this.configName = configName;
    }

    /** {@return the name used in {@code @Throttled(refill=...)}, config values and JSON} */
    public String configName() {
        return configName;
    }

    /**
     * Parses a config name (case-insensitive).
     *
     * @param text {@code greedy} or {@code interval}
     * @return the refill of that name
     * @throws IllegalArgumentException naming the value and the allowed ones
     */
    public static Refill fromConfig(String text) {
        String wanted = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (Refill refill : values()) {
            if (refill.configName.equals(wanted)) {
                return refill;
            }
        }
        throw new IllegalArgumentException("unknown refill '" + text + "'; allowed: greedy, interval");
    }

    @Override
    public String toString() {
        return configName;
    }
}
