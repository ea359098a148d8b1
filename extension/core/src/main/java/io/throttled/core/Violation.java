package io.throttled.core;

/**
 * One thing wrong with a policy: the field, the value given, and why it cannot be used.
 *
 * @param field   the field, in the config vocabulary ({@code rate}, {@code algorithm}, ...)
 * @param value   the value given, as text
 * @param message why it cannot be used, and what is allowed
 */
public record Violation(String field, String value, String message) {
    @Override
    public String toString() {
        return field + " '" + value + "': " + message;
    }
}
