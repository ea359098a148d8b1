package io.throttled.core;

import java.util.Locale;

/** What a decision is when Redis cannot make it ({@code throttled.redis.failure-mode}). */
public enum FailureMode {
    /** Allow every call: availability first; nothing is limited while Redis is down. */
    OPEN,
    /** Deny every call (HTTP 503 with Retry-After): protection first; the service is down with Redis. */
    CLOSED,
    /** Decide in this JVM with the same policy: each node limits alone, so a fleet of n admits up to n×. */
    LOCAL;

    public static final String ALLOWED = "open, closed, local";

    /**
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

    public String configName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
