package io.throttled.config;

import io.throttled.Throttled;
import java.lang.reflect.Method;

/** Finds the {@code @Throttled} that applies to a method: its own, else its class's. */
public final class AnnotatedPolicies {
    private AnnotatedPolicies() {
    }

    /**
     * The declaration for a call of {@code method} on an instance of {@code targetClass} (which may be a
     * container subclass or proxy), or {@code null} when no annotation applies.
     */
    public static PolicyDeclaration find(Method method, Class<?> targetClass) {
        Throttled onMethod = method.getAnnotation(Throttled.class);
        if (onMethod != null) {
            return PolicyDeclaration.of(onMethod, method.getDeclaringClass(), method);
        }
        Class<?> declaring = declaringClass(targetClass != null ? targetClass : method.getDeclaringClass());
        if (declaring == null) {
            declaring = declaringClass(method.getDeclaringClass());
        }
        return declaring == null ? null
                : PolicyDeclaration.of(declaring.getDeclaredAnnotation(Throttled.class), declaring, null);
    }

    /** The class that itself carries the annotation: the user's class, not a generated subclass. */
    private static Class<?> declaringClass(Class<?> type) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            if (c.getDeclaredAnnotation(Throttled.class) != null) {
                return c;
            }
        }
        return null;
    }
}
