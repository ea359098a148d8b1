package io.throttled.openapi;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The application's JAX-RS resource methods, found by the HTTP method and path an OpenAPI document lists them
 * under: the application path, the class's and the method's {@code @Path} joined, each template parameter's
 * regex left out ({@code {id: [0-9]+}} is documented as {@code {id}}). Paths are compared by their shape,
 * parameter names aside, so spelling differences between scanners do not matter.
 *
 * <p>JAX-RS annotations are inherited from a superclass or interface method when the method has none of its
 * own (JAX-RS 3.1, section 3.6). Sub-resource locators are not followed: the request filter does not see their
 * methods either.
 */
final class ResourceOperations {
    private final Map<String, List<Endpoint>> byOperation;

    /** A resource method and the class JAX-RS invokes it on. */
    record Endpoint(Class<?> resourceClass, Method method) {
    }

    private ResourceOperations(Map<String, List<Endpoint>> byOperation) {
        this.byOperation = byOperation;
    }

    static ResourceOperations of(String applicationPath, Collection<Class<?>> resourceClasses) {
        Map<String, List<Endpoint>> found = new HashMap<>();
        for (Class<?> type : resourceClasses) {
            String classPath = pathOf(type);
            for (Method method : type.getMethods()) {
                if (method.isBridge() || method.isSynthetic() || Modifier.isStatic(method.getModifiers())) {
                    continue;
                }
                Method annotated = jaxrsAnnotated(type, method);
                String http = annotated == null ? null : httpMethod(annotated);
                if (http != null) {
                    String template = applicationPath + "/" + classPath + "/" + pathOf(annotated);
                    found.computeIfAbsent(key(http, template), k -> new ArrayList<>()).add(new Endpoint(type, method));
                }
            }
        }
        return new ResourceOperations(found);
    }

    /** The resource methods documented as this operation (several when templates differ only by regex). */
    List<Endpoint> find(String httpMethod, String path) {
        return byOperation.getOrDefault(key(httpMethod, path), List.of());
    }

    private static String key(String httpMethod, String template) {
        return httpMethod.toUpperCase(Locale.ROOT) + " " + shape(template);
    }

    /**
     * A template reduced to its shape: single slashes, no trailing slash, and each {@code {...}} parameter (with
     * its regex, which may hold braces and slashes) as {@code {}}.
     */
    static String shape(String template) {
        StringBuilder out = new StringBuilder(template.length() + 1).append('/');
        int depth = 0;
        for (int i = 0; i < template.length(); i++) {
            char c = template.charAt(i);
            if (c == '{' && depth++ == 0) {
                out.append("{}");
            } else if (c == '}' && depth > 0) {
                depth--;
            } else if (depth == 0 && (c != '/' || out.charAt(out.length() - 1) != '/')) {
                out.append(c);
            }
        }
        if (out.length() > 1 && out.charAt(out.length() - 1) == '/') {
            out.setLength(out.length() - 1);
        }
        return out.toString();
    }

    /** The method itself when it has a JAX-RS annotation, else the overridden one that has, else null. */
    private static Method jaxrsAnnotated(Class<?> type, Method method) {
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

    private static String httpMethod(Method method) {
        for (Annotation a : method.getAnnotations()) {
            HttpMethod http = a.annotationType().getAnnotation(HttpMethod.class);
            if (http != null) {
                return http.value();
            }
        }
        return null;
    }

    private static String pathOf(AnnotatedElement element) {
        Path path = element.getAnnotation(Path.class);
        return path == null ? "" : path.value();
    }
}
