package io.throttled.route;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A named route: the requests whose path matches {@code pattern} and whose method is in {@code methods}
 * (empty: every method). Where several routes match one request, all apply; a {@link RouteTable} lists them
 * by {@code priority}, highest first, then by name.
 *
 * <p>Methods are HTTP method tokens (letters, digits, '-' or '_'), kept upper-case. A request's method is
 * compared ignoring case: some servers dispatch {@code get} to a {@code @GET} resource, and a client must not
 * escape a limit by changing the case. A route that lists {@code GET} also takes {@code HEAD}: JAX-RS answers a
 * HEAD with the GET method, so a client must not escape a limit by asking with HEAD.
 */
public record Route(String name, RoutePattern pattern, Set<String> methods, int priority) {
    /** The same rule as policy names: a route's name may become its policy's name (Redis keys, config keys). */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._$-]{0,127}");
    private static final Pattern METHOD = Pattern.compile("[A-Za-z0-9_-]+");

    /**
     * @throws IllegalArgumentException naming the route and the bad name or method
     */
    public Route {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("route name '" + name
                    + "' must be 1 to 128 letters, digits, '.', '_', '$' or '-', starting with a letter or digit");
        }
        Objects.requireNonNull(pattern, () -> "route '" + name + "' has no pattern");
        methods = checkedMethods(name, methods == null ? Set.of() : methods);
    }

    /** A route for every method, at priority 0. */
    public static Route of(String name, String pattern) {
        return new Route(name, RoutePattern.parse(pattern), Set.of(), 0);
    }

    public Route withMethods(String... newMethods) {
        return new Route(name, pattern, new LinkedHashSet<>(Arrays.asList(newMethods)), priority);
    }

    public Route withPriority(int newPriority) {
        return new Route(name, pattern, methods, newPriority);
    }

    /**
     * Whether a listed method takes a request's method: the same ignoring case, or HEAD for GET. A route with no
     * methods takes every one (the route table checks that first).
     */
    static boolean admits(String allowed, String method) {
        return allowed.equalsIgnoreCase(method) || allowed.equals("GET") && method.equalsIgnoreCase("HEAD");
    }

    private static Set<String> checkedMethods(String name, Set<String> methods) {
        Set<String> checked = new LinkedHashSet<>();
        for (String method : methods) {
            if (method == null || !METHOD.matcher(method).matches()) {
                throw new IllegalArgumentException("route '" + name + "': method '" + method
                        + "' is not an HTTP method token (letters, digits, '-' or '_', e.g. GET, POST, PATCH);"
                        + " leave methods empty for every method");
            }
            checked.add(method.toUpperCase(Locale.ROOT));
        }
        return Collections.unmodifiableSet(checked);
    }
}
