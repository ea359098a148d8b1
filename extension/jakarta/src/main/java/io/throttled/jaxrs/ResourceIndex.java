package io.throttled.jaxrs;

import io.throttled.route.RoutePattern;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The application's resource methods with their full path templates, as JAX-RS reported them to
 * {@link ThrottledFeature}: for the explain endpoint, which must tell which method (and so which annotated
 * policy) a path reaches without sending a request. The choice among several matches follows JAX-RS's
 * first rule (the template with the most literal characters); sub-resource locators are not followed.
 */
public final class ResourceIndex {
    private static final System.Logger LOG = System.getLogger(ResourceIndex.class.getName());
    private final List<Entry> entries = new CopyOnWriteArrayList<>();

    /** A resource method: its HTTP method, full template, and the Java method and class. */
    public record Entry(String httpMethod, String template, RoutePattern pattern, Method method, Class<?> resourceClass) {
    }

    void add(String applicationPath, Class<?> resourceClass, Method method) {
        Method annotated = JaxrsAnnotations.annotated(resourceClass, method);
        String httpMethod = annotated == null ? null : JaxrsAnnotations.httpMethod(annotated);
        if (httpMethod == null) {
            return;   // a sub-resource locator
        }
        String template = join(applicationPath, JaxrsAnnotations.path(resourceClass), JaxrsAnnotations.path(annotated));
        try {
            entries.add(new Entry(httpMethod, template, RoutePattern.parse(template), method, resourceClass));
        } catch (IllegalArgumentException e) {
            LOG.log(System.Logger.Level.DEBUG, "throttled: cannot explain " + template + ": " + e.getMessage());
        }
    }

    /** The resource method a request would reach, if any. */
    public Optional<Entry> find(String httpMethod, String path) {
        Entry best = null;
        for (Entry e : entries) {
            if ((e.httpMethod.equals(httpMethod) || "HEAD".equals(httpMethod) && e.httpMethod.equals("GET"))
                    && e.pattern.matches(path) && (best == null || literals(e.template) > literals(best.template))) {
                best = e;
            }
        }
        return Optional.ofNullable(best);
    }

    private static int literals(String template) {
        return template.replaceAll("\\{[^}]*}", "").length();
    }



    private static String join(String... parts) {
        StringBuilder sb = new StringBuilder();
        for (String part : parts) {
            String p = part.trim();
            if (!p.isEmpty() && !p.equals("/")) {
                sb.append(p.startsWith("/") ? "" : "/").append(p.endsWith("/") ? p.substring(0, p.length() - 1) : p);
            }
        }
        return sb.length() == 0 ? "/" : sb.toString();
    }
}
