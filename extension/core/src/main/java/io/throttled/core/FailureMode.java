package io.throttled.core;

import java.util.Locale;

/**
 * What a decision is when Redis cannot make it: {@code throttled.redis.failure-mode} for every policy, unless a
 * policy sets its own ({@code failure-mode}, {@link Policy#failureMode()}).
 */
public enum FailureMode {
    /** Allow every call: availability first; nothing is limited while Redis is down. */
    OPEN,
    /** Deny every call (HTTP 503 with Retry-After): protection first; the service is down with Redis. */
    CLOSED,
    /** Decide in this JVM with the same policy: each node limits alone, so a fleet of n admits up to n×. */
    LOCAL;

    /** The config names, for error messages. */
    public static final String ALLOWED = "open, closed, local";

    /**
     * Parses {@code throttled.redis.failure-mode} (case-insensitive, surrounding blanks ignored).
     *
     * @param text {@code open}, {@code closed} or {@code local}
     * @return the failure mode of that name
     * @throws IllegalArgumentException naming the value and the allowed ones
     */
    public static FailureMode fromConfig(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("throttled.redis.failure-mode='" + text + "' is not a failure mode;"
                    + " allowed: " + ALLOWED);
        }
    }

    /** {@return the name used in config values and JSON} */
    public String configName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
