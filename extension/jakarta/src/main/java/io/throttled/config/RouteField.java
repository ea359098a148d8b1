package io.throttled.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The settings a route has beyond its policy's: {@code throttled.route.<name>.path|methods|priority}. */
public enum RouteField {
    PATH("path", ""),
    METHODS("methods", ""),
    PRIORITY("priority", "0");

    private final String configName;
    private final String defaultText;

    RouteField(String configName, String defaultText) {
        this.configName = configName;
        this.defaultText = defaultText;
    }

    public String configName() {
        return configName;
    }

    public String defaultText() {
        return defaultText;
    }

    public static Optional<RouteField> fromConfig(String name) {
        String wanted = name.toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(f -> f.configName.equals(wanted)).findFirst();
    }

    public static String allowedValues() {
        return Arrays.stream(values()).map(RouteField::configName).collect(Collectors.joining(", "));
    }
}
