package io.throttled.config;

import io.throttled.core.Violation;
import io.throttled.route.Route;
import io.throttled.route.RoutePattern;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * A route's own settings (path, methods, priority) as text, from config or runtime overrides, and the route
 * they make. The route's policy has the route's name and its fields under the same prefix.
 */
public record RouteSettings(String name, Map<RouteField, Setting> settings) {
    private static final Pattern METHOD = Pattern.compile("[A-Z][A-Z-]{0,19}");

    /** Reads the route's fields; {@code values} gives a config key's value and its source name, or null. */
    public static RouteSettings read(String name, Function<String, String[]> values) {
        Map<RouteField, Setting> settings = new java.util.EnumMap<>(RouteField.class);
        for (RouteField field : RouteField.values()) {
            String[] found = values.apply(ConfiguredRoutes.key(name, field));
            if (found != null && found[0] != null && !found[0].isBlank()) {
                settings.put(field, new Setting(found[0].trim(), FieldSource.ofConfigSource(found[1]), found[1]));
            } else {
                settings.put(field, new Setting(field.defaultText(), FieldSource.DEFAULT, "default"));
            }
        }
        return new RouteSettings(name, settings);
    }

    public String value(RouteField field) {
        return settings.get(field).value();
    }

    /**
     * The route these settings make.
     *
     * @param applicationPath where the application's JAX-RS resources are ({@code /api}); a path that can never
     *                        be under it is refused, since no request of the filter's could match it
     * @throws io.throttled.core.InvalidPolicyException naming every bad field
     */
    public Route toRoute(String applicationPath) {
        List<Violation> violations = new ArrayList<>();
        if (!ConfiguredRoutes.NAME.matcher(name).matches()) {
            violations.add(new Violation("name", name, "a route name is letters, digits, _ $ - (no dots), at most 64"));
        }
        RoutePattern pattern = null;
        String path = value(RouteField.PATH);
        if (path.isEmpty()) {
            violations.add(new Violation("path", "", "is required: a template such as /api/orders/{id} or a glob such as /api/**"));
        } else {
            try {
                pattern = RoutePattern.parse(path);
                if (!pattern.canMatchUnder(applicationPath)) {
                    violations.add(new Violation("path", path, "can never match: the application's JAX-RS resources are under "
                            + applicationPath + ", and the filter sees no other request"));
                }
            } catch (IllegalArgumentException e) {
                violations.add(new Violation("path", path, e.getMessage()));
            }
        }
        Set<String> methods = new LinkedHashSet<>();
        String methodsText = value(RouteField.METHODS);
        for (String part : methodsText.split(",")) {
            String method = part.trim().toUpperCase(Locale.ROOT);
            if (method.isEmpty() || method.equals("*")) {
                continue;
            }
            if (!METHOD.matcher(method).matches()) {
                violations.add(new Violation("methods", methodsText, "'" + part.trim() + "' is not an HTTP method;"
                        + " allowed: a comma-separated list such as GET,POST, or empty for every method"));
            }
            methods.add(method);
        }
        int priority = 0;
        String priorityText = value(RouteField.PRIORITY);
        try {
            priority = Integer.parseInt(priorityText);
        } catch (NumberFormatException e) {
            violations.add(new Violation("priority", priorityText, "must be a whole number (higher applies first)"));
        }
        if (!violations.isEmpty()) {
            throw new io.throttled.core.InvalidPolicyException(name, violations);
        }
        return new Route(name, pattern, methods, priority);
    }
}
