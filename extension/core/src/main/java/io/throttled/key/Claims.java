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

    /**
     * A claim of the principal, as text.
     *
     * @param principal the caller's principal object, or null
     * @param name      the claim name
     * @return the claim's value as text; empty when the principal is no JWT or has no such claim
     */
    public static Optional<String> of(Object principal, String name) {
        if (principal == null) {
            return Optional.empty();
        }
        try {
            Method getClaim = publicMethod(principal.getClass(), "getClaim", String.class);
            if (getClaim == null) {
                return Optional.empty();
            }
            Object value = getClaim.invoke(principal, name);
            return Optional.ofNullable(text(value)).filter(t -> !t.isBlank());
        } catch (ReflectiveOperationException | RuntimeException notAJwt) {
            return Optional.empty();
        }
    }

    /**
     * {@code getClaim(String)} as a public type declares it: the implementation class itself may not be
     * public (then its own method cannot be invoked), the {@code JsonWebToken} interface is.
     */
    private static Method publicMethod(Class<?> type, String name, Class<?>... parameters) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            Method found = declared(c, name, parameters);
            for (Class<?> i : c.getInterfaces()) {
                found = found != null ? found : declared(i, name, parameters);
                for (Class<?> parent : i.getInterfaces()) {
                    found = found != null ? found : declared(parent, name, parameters);
                }
            }
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private static Method declared(Class<?> type, String name, Class<?>... parameters) {
        try {
            return java.lang.reflect.Modifier.isPublic(type.getModifiers()) ? type.getMethod(name, parameters) : null;
        } catch (NoSuchMethodException e) {
            return null;
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
        Method getString = publicMethod(value.getClass(), "getString");
        if (getString != null) {
            try {
                return String.valueOf(getString.invoke(value));
            } catch (ReflectiveOperationException | RuntimeException unreadable) {
                return null;
            }
        }
        return value.toString();
    }
}
