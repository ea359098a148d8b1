package io.throttled.jaxrs;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;

/**
 * Reads a resource method's JAX-RS annotations as JAX-RS does: from the method itself, else from the method it
 * overrides or implements that has them (JAX-RS 3.1, section 3.6). Shared by explain's resource index and the
 * OpenAPI filter, so both see the same resources.
 */
public final class JaxrsAnnotations {
    private JaxrsAnnotations() {
    }

    /**
     * The method that carries the JAX-RS annotations of {@code method} on {@code type}.
     *
     * @param type   the resource class
     * @param method a public method of it
     * @return the method itself, the overridden one that is annotated, or null when none is
     */
    public static Method annotated(Class<?> type, Method method) {
        if (hasJaxrsAnnotation(method)) {
            return method;
        }
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            Method found = declaredWithJaxrs(c, method);
            if (found != null) {
                return found;
            }
            for (Class<?> i : c.getInterfaces()) {
                found = declaredWithJaxrs(i, method);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /**
     * The HTTP method a resource method answers.
     *
     * @param method an annotated method ({@link #annotated})
     * @return {@code GET}, {@code POST}, ...; null for a sub-resource locator or a plain method
     */
    public static String httpMethod(Method method) {
        for (Annotation a : method.getAnnotations()) {
            HttpMethod http = a.annotationType().getAnnotation(HttpMethod.class);
            if (http != null) {
                return http.value();
            }
        }
        return null;
    }

    /**
     * The {@code @Path} of a class or method.
     *
     * @param element the class or method
     * @return its value, or "" without one
     */
    public static String path(AnnotatedElement element) {
        Path path = element.getAnnotation(Path.class);
        return path == null ? "" : path.value();
    }

    private static Method declaredWithJaxrs(Class<?> type, Method method) {
        try {
            Method candidate = type.getDeclaredMethod(method.getName(), method.getParameterTypes());
            return hasJaxrsAnnotation(candidate) ? candidate : null;
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static boolean hasJaxrsAnnotation(Method method) {
        return method.isAnnotationPresent(Path.class) || httpMethod(method) != null;
    }
}
