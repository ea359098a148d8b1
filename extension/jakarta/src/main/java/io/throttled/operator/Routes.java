package io.throttled.operator;

import io.throttled.cdi.OverrideSync;
import io.throttled.config.ConfiguredRoutes;
import io.throttled.config.FieldSource;
import io.throttled.config.PolicyField;
import io.throttled.config.PolicyRegistry;
import io.throttled.config.RouteField;
import io.throttled.config.RouteRegistry;
import io.throttled.config.RouteSettings;
import io.throttled.config.ThrottledSettings;
import io.throttled.core.FailureMode;
import io.throttled.core.InvalidPolicyException;
import io.throttled.core.Violation;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The routes in force and their runtime settings. A route matches requests by method and path and has a policy of
 * its own, of the route's name; both are set by {@code throttled.route.<name>.*} keys, in config or at runtime, where
 * {@link #put} creates or replaces a route on every node. A CDI bean: inject it.
 */
@Dependent
public final class Routes {
    private final PolicyRegistry policies;
    private final OverrideSync overrides;
    private final RouteRegistry routes;
    private final StoreCalls store;
    private final FailureMode storeFailureMode;

    @Inject
    Routes(PolicyRegistry policies, OverrideSync overrides, RouteRegistry routes, ThrottledSettings settings) {
        this.policies = policies;
        this.overrides = overrides;
        this.routes = routes;
        this.store = new StoreCalls(settings);
        this.storeFailureMode = settings.resilience().failureMode();
    }

    /** {@return the config names of a route's own fields, beside its policy's: {@code path}, {@code methods}, {@code priority}} */
    public static List<String> fields() {
        return Arrays.stream(RouteField.values()).map(RouteField::configName).toList();
    }

    /** {@return every route in force, sorted by name} */
    public List<RouteState> all() {
        return routes.settings().values().stream().map(this::state).toList();
    }

    /**
     * One route in force.
     *
     * @param name the route's name
     * @return the route; empty when there is none of that name
     */
    public Optional<RouteState> find(String name) {
        return Optional.ofNullable(routes.settings().get(name)).map(this::state);
    }

    /**
     * What makes a name unfit for a route: not a route name, or a policy's.
     *
     * @param name the route's name
     * @return every problem; empty when the name is fit
     */
    public List<Violation> nameViolations(String name) {
        if (!ConfiguredRoutes.NAME.matcher(name).matches()) {
            return List.of(new Violation("name", name, "a route name is letters, digits, _ $ - (no dots), at most 64"));
        }
        if (policies.isPolicyName(name)) {
            return List.of(new Violation("name", name, "is the name of a policy; a route is a policy of its own: choose another"));
        }
        return List.of();
    }

    /**
     * Creates or replaces a route's runtime settings, on every node: stored, in force on this node at once and on
     * every other within milliseconds. What is left out follows config; a new route needs a {@code rate}.
     *
     * @param name   the route's name
     * @param own    the route's own fields by config name ({@link #fields()}): {@code path} (a template such as
     *               {@code /api/orders/{id}} or a glob such as {@code /api/**}, under the application's JAX-RS root),
     *               {@code methods} (comma separated; empty for every method), {@code priority} (a whole number)
     * @param policy its policy's fields by config name ({@link Policies#fields()})
     * @return the route as now in force
     * @throws InvalidPolicyException    naming every bad value, the name first ({@link #nameViolations}); nothing was
     *                                   stored
     * @throws IllegalArgumentException  when a field is unknown
     * @throws StoreUnavailableException when the store does not answer; nothing was stored
     */
    public RouteState put(String name, Map<String, String> own, Map<String, String> policy) {
        Map<RouteField, String> routeFields = routeFields(own);
        Map<PolicyField, String> policyFields = Policies.policyFields(policy);
        List<Violation> violations = new ArrayList<>(nameViolations(name));
        if (violations.isEmpty()) {
            violations.addAll(problems(name, routeFields, policyFields));
        }
        if (!violations.isEmpty()) {
            throw new InvalidPolicyException(name, violations);
        }
        Map<String, String> set = new LinkedHashMap<>();
        routeFields.forEach((field, value) -> set.put(ConfiguredRoutes.key(name, field), value));
        policyFields.forEach((field, value) -> set.put(ConfiguredRoutes.key(name, field), value));
        return store(name, set).orElseThrow(() -> new IllegalStateException("route '" + name + "' is not in force after"
                + " it was stored"));
    }

    /**
     * Removes a route's runtime settings, on every node: a route created at runtime is gone, one defined in config
     * holds again as config says.
     *
     * @param name the route's name
     * @return the route as now in force; empty when it is gone
     * @throws IllegalArgumentException  when there is no route of that name
     * @throws StoreUnavailableException when the store does not answer; nothing was changed
     */
    public Optional<RouteState> remove(String name) {
        if (!routes.settings().containsKey(name)) {
            throw new IllegalArgumentException("no route named '" + name + "'");
        }
        return store(name, Map.of());
    }

    /** What the route would be if stored: the path it matches, its policy, and a rate for a new route. */
    private List<Violation> problems(String name, Map<RouteField, String> own, Map<PolicyField, String> policy) {
        List<Violation> violations = new ArrayList<>();
        RouteSettings proposed = RouteSettings.read(name, key -> proposedValue(name, own, key));
        try {
            proposed.toRoute(routes.applicationPath());
        } catch (InvalidPolicyException e) {
            violations.addAll(e.violations());
        }
        try {
            policies.previewRoute(name, policy);
        } catch (InvalidPolicyException e) {
            violations.addAll(e.violations());
        }
        if (!policy.containsKey(PolicyField.RATE) && !routes.settings().containsKey(name)) {
            violations.add(new Violation("rate", "", "is required for a new route"));
        }
        return violations;
    }

    /** A route key's value if the route is stored: the one given, else config's without the runtime overrides. */
    private String[] proposedValue(String name, Map<RouteField, String> own, String key) {
        for (RouteField f : RouteField.values()) {
            if (key.equals(ConfiguredRoutes.key(name, f)) && own.containsKey(f)) {
                return new String[] {own.get(f), FieldSource.OVERRIDES_SOURCE_NAME};
            }
        }
        return FieldSource.outsideOverrides(policies.config(), key);
    }

    /** Replaces every runtime key of the route (its own fields and its policy's; tiers are set in config). */
    private Optional<RouteState> store(String name, Map<String, String> set) {
        List<String> keys = new ArrayList<>();
        for (RouteField f : RouteField.values()) {
            keys.add(ConfiguredRoutes.key(name, f));
        }
        for (PolicyField f : PolicyField.values()) {
            keys.add(ConfiguredRoutes.key(name, f));
        }
        return store.call(() -> {
            overrides.store().replaceKeys(keys, set);
            overrides.reload();
            return find(name);
        });
    }

    private RouteState state(RouteSettings route) {
        return RouteState.of(route, policies.resolve(policies.routeDeclaration(route.name())), storeFailureMode);
    }

    private static Map<RouteField, String> routeFields(Map<String, String> fields) {
        Map<RouteField, String> known = new EnumMap<>(RouteField.class);
        fields.forEach((name, value) -> known.put(RouteField.fromConfig(name).orElseThrow(() -> new IllegalArgumentException(
                "unknown route field '" + name + "'; allowed: " + RouteField.allowedValues())), value));
        return known;
    }
}
