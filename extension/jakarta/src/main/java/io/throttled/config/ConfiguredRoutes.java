package io.throttled.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.Config;

/**
 * The routes config defines by its keys {@code throttled.route.<name>.<field>} (runtime overrides are config
 * too), where a field is a route field ({@code path}, {@code methods}, {@code priority}) or a policy field,
 * and {@code throttled.route.<name>.tier.<tier>.<field>} sets a tier. Route names have no dots.
 */
public final class ConfiguredRoutes {
    public static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_$-]{0,63}");

    private ConfiguredRoutes() {
    }

    public static Set<String> names(Config config) {
        Set<String> names = new TreeSet<>();
        for (String key : ConfigKeys.allKeys(config)) {
            String[] parsed = parse(key);
            if (parsed != null && isField(parsed[1])) {
                names.add(parsed[0]);
            }
        }
        return names;
    }

    /** Keys under {@code throttled.route.} that name no route field: typos worth stopping for. */
    static List<String> unknownFields(Config config) {
        List<String> problems = new ArrayList<>();
        for (String key : ConfigKeys.allKeys(config)) {
            if (!key.startsWith(ConfigKeys.ROUTE_PREFIX)) {
                continue;
            }
            String[] parsed = parse(key);
            if (parsed == null || !NAME.matcher(parsed[0]).matches()) {
                problems.add("unknown setting " + key + "; a route setting is throttled.route.<name>.<field>, the name"
                        + " letters, digits, _ $ - (no dots)");
            } else if (!isField(parsed[1]) && !isTierField(parsed[1])) {
                problems.add("unknown setting " + key + "; a route's field is one of " + RouteField.allowedValues()
                        + ", " + PolicyField.allowedValues() + ", or tier.<tier>.<field>");
            }
        }
        return problems;
    }

    public static String key(String route, RouteField field) {
        return ConfigKeys.ROUTE_PREFIX + route + "." + field.configName();
    }

    public static String key(String route, PolicyField field) {
        return ConfigKeys.ROUTE_PREFIX + route + "." + field.configName();
    }

    private static boolean isField(String name) {
        return RouteField.fromConfig(name).isPresent() || PolicyField.fromConfig(name).isPresent();
    }

    private static boolean isTierField(String rest) {
        String[] parts = rest.split("\\.", -1);
        return parts.length == 3 && parts[0].equals("tier") && Tiers.NAME.matcher(parts[1]).matches()
                && PolicyField.fromConfig(parts[2]).filter(PolicyField::shapesBuckets).isPresent();
    }

    /** {name, rest after the name's dot} of a route key, or null. */
    private static String[] parse(String key) {
        if (!key.startsWith(ConfigKeys.ROUTE_PREFIX)) {
            return null;
        }
        String rest = key.substring(ConfigKeys.ROUTE_PREFIX.length());
        int dot = rest.indexOf('.');
        if (dot <= 0 || dot == rest.length() - 1) {
            return null;
        }
        return new String[] {rest.substring(0, dot), rest.substring(dot + 1)};
    }
}
