package io.throttled.core;

/** One thing wrong with a policy: the field, the value given, and why it cannot be used. */
public record Violation(String field, String value, String message) {
    @Override
    public String toString() {
        return field + " '" + value + "': " + message;
    }
}
