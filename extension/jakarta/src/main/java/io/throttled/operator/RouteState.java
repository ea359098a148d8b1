package io.throttled.operator;

import io.throttled.config.ResolvedPolicy;
import io.throttled.config.RouteField;
import io.throttled.config.RouteSettings;
import io.throttled.config.Setting;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A route as in force now: what it matches (its own settings, each with where it came from) and its policy, which has
 * the route's name.
 *
 * @param name     the route's name
 * @param settings the route's own settings by config name ({@link Routes#fields()}): {@code path}, {@code methods},
 *                 {@code priority}, as config writes them
 * @param policy   the route's policy as in force
 */
public record RouteState(String name, Map<String, EffectiveSetting> settings, PolicyState policy) {

    /**
     * A state that does not change: the settings are copied.
     *
     * @param name     the route's name
     * @param settings the route's own settings by config name
     * @param policy   the route's policy as in force
     */
    public RouteState {
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }

    /** {@return the path it matches: a template such as {@code /api/orders/{id}} or a glob such as {@code /api/**}} */
    public String path() {
        return text(RouteField.PATH);
    }

    /** {@return the HTTP methods it matches, in upper case; empty for every method} */
    public List<String> methods() {
        return Arrays.stream(text(RouteField.METHODS).split(",")).map(String::trim).filter(m -> !m.isEmpty())
                .map(m -> m.toUpperCase(Locale.ROOT)).toList();
    }

    /** {@return its priority, higher first among routes that match; 0 when the setting is not a whole number} */
    public int priority() {
        try {
            return Integer.parseInt(text(RouteField.PRIORITY));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** {@return whether an operator set any of it at runtime: its own settings or its policy's} */
    public boolean runtime() {
        return settings.values().stream().anyMatch(EffectiveSetting::overridden) || policy.overridden();
    }

    private String text(RouteField field) {
        EffectiveSetting setting = settings.get(field.configName());
        return setting == null ? field.defaultText() : setting.value();
    }

    static RouteState of(RouteSettings route, ResolvedPolicy policy, io.throttled.core.FailureMode storeDefault) {
        Map<String, EffectiveSetting> settings = new LinkedHashMap<>();
        for (Map.Entry<RouteField, Setting> e : route.settings().entrySet()) {
            settings.put(e.getKey().configName(), EffectiveSetting.of(e.getValue()));
        }
        return new RouteState(route.name(), settings, PolicyState.of(policy, storeDefault));
    }
}
