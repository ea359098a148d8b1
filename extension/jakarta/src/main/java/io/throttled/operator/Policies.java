package io.throttled.operator;

import io.throttled.cdi.OverrideSync;
import io.throttled.config.PolicyField;
import io.throttled.config.PolicyRegistry;
import io.throttled.config.RouteRegistry;
import io.throttled.config.ThrottledSettings;
import io.throttled.config.Tiers;
import io.throttled.core.FailureMode;
import io.throttled.core.InvalidPolicyException;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The policies in force and their runtime overrides: every policy (declared by {@code @Throttled}, defined in config,
 * or a route's) with each setting and where it came from, and the override of one, which the shared store keeps and
 * every node applies within milliseconds. A tier is the policy {@code <policy>.tier.<tier>}. A CDI bean: inject it.
 */
@Dependent
public final class Policies {
    private final PolicyRegistry registry;
    private final OverrideSync overrides;
    private final RouteRegistry routes;
    private final StoreCalls store;
    private final FailureMode storeFailureMode;

    @Inject
    Policies(PolicyRegistry registry, OverrideSync overrides, RouteRegistry routes, ThrottledSettings settings) {
        this.registry = registry;
        this.overrides = overrides;
        this.routes = routes;
        this.store = new StoreCalls(settings);
        this.storeFailureMode = settings.resilience().failureMode();
    }

    /** {@return the config name of every policy field, as annotations, config and overrides name them, in order} */
    public static List<String> fields() {
        return Arrays.stream(PolicyField.values()).map(PolicyField::configName).toList();
    }

    /** {@return the fields of a policy's buckets, all a tier may set: the others are its policy's call rules} */
    public static List<String> bucketFields() {
        return Arrays.stream(PolicyField.values()).filter(PolicyField::shapesBuckets).map(PolicyField::configName).toList();
    }

    /**
     * Whether a name is a tier's.
     *
     * @param name a policy's name
     * @return true for {@code <policy>.tier.<tier>}
     */
    public static boolean isTier(String name) {
        return name.indexOf(Tiers.SEPARATOR) > 0;
    }

    /** {@return every policy in force, sorted by name; tiers are listed by their policy} */
    public List<PolicyState> all() {
        return registry.names().stream().map(registry::resolve).flatMap(Optional::stream).map(this::state).toList();
    }

    /**
     * One policy in force.
     *
     * @param name a policy's, route's or tier's name
     * @return the policy; empty when nothing defines it
     */
    public Optional<PolicyState> find(String name) {
        return registry.resolve(name).map(this::state);
    }

    /**
     * A tier nothing defines yet, as its first override would create it: every field its policy's.
     *
     * @param name {@code <policy>.tier.<tier>} of a policy declared or configured (not a route's), the tier a name of
     *             letters, digits, {@code _} and {@code -} other than {@code default}
     * @return the tier as it would be; empty when the name is no such tier, or the tier exists
     */
    public Optional<PolicyState> newTier(String name) {
        return registry.newTier(name).map(this::state);
    }

    /**
     * The route whose policy (or tier) this is. Its settings are the route's ({@link Routes#put}), so an override
     * would define another policy of the same name instead.
     *
     * @param name a policy's or tier's name
     * @return the route's name; empty when the policy is no route's
     */
    public Optional<String> routeOf(String name) {
        String base = isTier(name) ? name.substring(0, name.indexOf(Tiers.SEPARATOR)) : name;
        return !registry.isPolicyName(base) && routes.settings().containsKey(base) ? Optional.of(base) : Optional.empty();
    }

    /**
     * Sets the runtime override of a policy or tier, replacing its previous one: stored, in force on this node at
     * once and on every other within milliseconds. Fields left out follow config and the annotation. The first
     * override of a tier nothing defines yet ({@link #newTier}) creates it.
     *
     * @param name   a policy's or tier's name, not a route's policy ({@link #routeOf})
     * @param fields the fields to override by config name ({@link #fields()}), each value as config writes it
     * @return the policy as now in force; empty when nothing defines it after all (no field for a new tier)
     * @throws InvalidPolicyException    naming every bad value; nothing was stored
     * @throws IllegalArgumentException  when nothing defines the policy, it is a route's, or a field is unknown
     * @throws StoreUnavailableException when the store does not answer; nothing was stored
     */
    public Optional<PolicyState> override(String name, Map<String, String> fields) {
        Optional<String> route = routeOf(name);
        if (route.isPresent()) {
            throw new IllegalArgumentException("'" + name + "' is route " + route.get() + "'s policy: change the route");
        }
        if (find(name).isEmpty() && newTier(name).isEmpty()) {
            throw new IllegalArgumentException("no policy named '" + name + "'");
        }
        Map<PolicyField, String> known = policyFields(fields);
        registry.preview(name, known);
        return store(name, known);
    }

    /**
     * Drops the runtime override of a policy or tier: config and the annotation hold again, on every node.
     *
     * @param name a policy's or tier's name
     * @return the policy as now in force; empty when the override alone defined the tier, which is gone
     * @throws IllegalArgumentException  when nothing defines the policy
     * @throws StoreUnavailableException when the store does not answer; nothing was changed
     */
    public Optional<PolicyState> dropOverride(String name) {
        if (find(name).isEmpty()) {
            throw new IllegalArgumentException("no policy named '" + name + "'");
        }
        return store(name, Map.of());
    }

    /** Stores the override (none: dropped) and applies it on this node at once, not only on the change notice. */
    private Optional<PolicyState> store(String name, Map<PolicyField, String> fields) {
        return store.call(() -> {
            overrides.replace(name, fields);
            overrides.reload();
            return find(name);
        });
    }

    private PolicyState state(io.throttled.config.ResolvedPolicy resolved) {
        return PolicyState.of(resolved, storeFailureMode);
    }

    /** The fields by config name (in any case) as the vocabulary's. */
    static Map<PolicyField, String> policyFields(Map<String, String> fields) {
        Map<PolicyField, String> known = new EnumMap<>(PolicyField.class);
        fields.forEach((name, value) -> known.put(PolicyField.fromConfig(name).orElseThrow(() -> new IllegalArgumentException(
                "unknown field '" + name + "'; allowed: " + PolicyField.allowedValues())), value));
        return known;
    }
}
