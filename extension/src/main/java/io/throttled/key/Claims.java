package io.throttled.key;

import java.lang.reflect.Method;
import java.util.Collection;
import java.util.Optional;

/**
 * Reads a claim from a principal that is a MicroProfile {@code JsonWebToken}, by reflection: the extension
 * must work in applications without MP JWT, where its classes are absent.
 */
public final class Claims {
    private Claims() {
    }

    public static Optional<String> of(Object principal, String name) {
        if (principal == null) {
            return Optional.empty();
        }
        try {
            Method getClaim = principal.getClass().getMethod("getClaim", String.class);
            Object value = getClaim.invoke(principal, name);
            return Optional.ofNullable(text(value)).filter(t -> !t.isBlank());
        } catch (ReflectiveOperationException | RuntimeException notAJwt) {
            return Optional.empty();
        }
    }

    /** JSON values come as jakarta.json types (JsonString prints with quotes); collections give their first. */
    private static String text(Object value) {
        if (value instanceof Collection<?> many) {
            return many.isEmpty() ? null : text(many.iterator().next());
        }
        if (value == null) {
            return null;
        }
        try {
            Method getString = value.getClass().getMethod("getString");
            return String.valueOf(getString.invoke(value));
        } catch (ReflectiveOperationException | RuntimeException plain) {
            return value.toString();
        }
    }
}
