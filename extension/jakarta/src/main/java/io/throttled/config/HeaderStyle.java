package io.throttled.config;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/** Which rate-limit response headers to send ({@code throttled.headers}). */
public enum HeaderStyle {
    /** {@code RateLimit-Policy} and {@code RateLimit} (draft-ietf-httpapi-ratelimit-headers-11). */
    IETF,
    /** {@code X-RateLimit-Limit}, {@code X-RateLimit-Remaining}, {@code X-RateLimit-Reset}. */
    LEGACY;

    public static final String ALLOWED = "ietf, legacy, ietf,legacy (default) or none";

    /**
     * @throws IllegalArgumentException naming the value and the allowed ones
     */
    public static Set<HeaderStyle> parse(String text) {
        String value = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (value.isEmpty()) {
            return EnumSet.allOf(HeaderStyle.class);
        }
        if (value.equals("none")) {
            return EnumSet.noneOf(HeaderStyle.class);
        }
        Set<HeaderStyle> styles = EnumSet.noneOf(HeaderStyle.class);
        for (String part : value.split(",")) {
            switch (part.trim()) {
                case "ietf" -> styles.add(IETF);
                case "legacy" -> styles.add(LEGACY);
                default -> throw new IllegalArgumentException(ConfigKeys.HEADERS + "='" + text + "': '" + part.trim()
                        + "' is not a header style; allowed: " + ALLOWED);
            }
        }
        return styles;
    }
}
