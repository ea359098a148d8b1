package io.throttled.config;

/**
 * One effective setting of a policy: its text, where it came from, and in detail which config source or
 * which annotated method.
 */
public record Setting(String value, FieldSource source, String origin) {
}
