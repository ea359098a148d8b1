package io.throttled.openapi;

import io.throttled.jaxrs.JaxrsAnnotations;
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
            String classPath = JaxrsAnnotations.path(type);
            for (Method method : type.getMethods()) {
                if (method.isBridge() || method.isSynthetic() || Modifier.isStatic(method.getModifiers())) {
                    continue;
                }
                Method annotated = JaxrsAnnotations.annotated(type, method);
                String http = annotated == null ? null : JaxrsAnnotations.httpMethod(annotated);
                if (http != null) {
                    String template = applicationPath + "/" + classPath + "/" + JaxrsAnnotations.path(annotated);
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
}
