package io.throttled.config;

import io.throttled.core.InvalidPolicyException;
import io.throttled.core.LogText;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What of the overrides stored in Redis takes effect. The store is data, not configuration: only
 * {@code throttled.policy.<name>.<field>} and {@code throttled.route.<name>.<field>} names with known fields are
 * served by the config source (anything else is ignored, said in one log line), and each policy's or route's values
 * are checked as the admin API checks them before they take effect. A policy or route whose stored values are
 * invalid keeps the values it had, also said in one log line. Whoever can write the key prefix still controls the
 * limits: that is what a Redis ACL is for (see SECURITY.md).
 */
public final class StoredOverrides {
    private static final System.Logger LOG = System.getLogger(StoredOverrides.class.getName());

    private final PolicyRegistry policies;
    private final RouteRegistry routes;
    private Set<String> lastIgnored = Set.of();
    private final Map<String, String> lastRejected = new HashMap<>();

    public StoredOverrides(PolicyRegistry policies, RouteRegistry routes) {
        this.policies = policies;
        this.routes = routes;
    }

    /**
     * The overrides to put in force.
     *
     * @param stored  what the store holds now
     * @param current what is in force now (admitted before)
     * @return the stored overrides that are valid, and for each policy or route whose stored values are not, the
     *         values it has now
     */
    public synchronized Map<String, String> admit(Map<String, String> stored, Map<String, String> current) {
        Map<String, Map<String, String>> storedGroups = new TreeMap<>();
        Set<String> ignored = new TreeSet<>();
        stored.forEach((key, value) -> group(key).ifPresentOrElse(
                g -> storedGroups.computeIfAbsent(g, x -> new LinkedHashMap<>()).put(key, value), () -> ignored.add(key)));
        if (!ignored.isEmpty() && !ignored.equals(lastIgnored)) {
            LOG.log(System.Logger.Level.WARNING, "throttled: ignored {0} value(s) under the runtime overrides in Redis that"
                    + " name no policy or route field: {1}", ignored.size(), LogText.of(String.join(", ", ignored)));
        }
        lastIgnored = ignored;
        Map<String, Map<String, String>> currentGroups = new HashMap<>();
        current.forEach((key, value) -> group(key).ifPresent(
                g -> currentGroups.computeIfAbsent(g, x -> new LinkedHashMap<>()).put(key, value)));

        Map<String, String> admitted = new HashMap<>();
        Set<String> rejectedNow = new TreeSet<>();
        for (Map.Entry<String, Map<String, String>> group : storedGroups.entrySet()) {
            Map<String, String> values = group.getValue();
            Map<String, String> before = currentGroups.getOrDefault(group.getKey(), Map.of());
            String problem = values.equals(before) ? null : problem(group.getKey(), values);
            if (problem == null) {
                admitted.putAll(values);
                continue;
            }
            admitted.putAll(before);
            rejectedNow.add(group.getKey());
            String said = values + problem;
            if (!said.equals(lastRejected.put(group.getKey(), said))) {
                LOG.log(System.Logger.Level.WARNING, "throttled: the runtime overrides in Redis for {0} are not valid and"
                        + " were not applied (it keeps {1}): {2}; values {3}", LogText.of(group.getKey()),
                        before.isEmpty() ? "config and the annotation" : "its previous overrides", LogText.of(problem),
                        LogText.of(values.toString()));
            }
        }
        lastRejected.keySet().retainAll(rejectedNow);
        return admitted;
    }

    /** {@code policy <name>} or {@code route <name>} for a key with a known field; empty for anything else. */
    static Optional<String> group(String key) {
        if (key.startsWith(ConfigKeys.POLICY_PREFIX)) {
            String rest = key.substring(ConfigKeys.POLICY_PREFIX.length());
            int dot = rest.lastIndexOf('.');
            if (dot > 0 && PolicyField.fromConfig(rest.substring(dot + 1)).isPresent()) {
                return Optional.of("policy " + rest.substring(0, dot));
            }
        } else if (key.startsWith(ConfigKeys.ROUTE_PREFIX)) {
            String rest = key.substring(ConfigKeys.ROUTE_PREFIX.length());
            int dot = rest.indexOf('.');
            if (dot > 0) {
                String field = rest.substring(dot + 1);
                if (RouteField.fromConfig(field).isPresent() || PolicyField.fromConfig(field).isPresent()) {
                    return Optional.of("route " + rest.substring(0, dot));
                }
            }
        }
        return Optional.empty();
    }

    /** Why these stored values of a policy or route cannot take effect; null when they can. */
    private String problem(String group, Map<String, String> values) {
        boolean route = group.startsWith("route ");
        String name = group.substring(group.indexOf(' ') + 1);
        String prefix = (route ? ConfigKeys.ROUTE_PREFIX : ConfigKeys.POLICY_PREFIX) + name + ".";
        Map<PolicyField, String> fields = new EnumMap<>(PolicyField.class);
        values.forEach((key, value) -> PolicyField.fromConfig(key.substring(prefix.length())).ifPresent(f -> fields.put(f, value)));
        try {
            return route ? routeProblem(name, values, fields) : policyProblem(name, fields);
        } catch (InvalidPolicyException e) {
            return e.violations().stream().map(Object::toString).collect(Collectors.joining("; "));
        } catch (RuntimeException e) {
            return Objects.toString(e.getMessage(), e.toString());
        }
    }

    private String policyProblem(String name, Map<PolicyField, String> fields) {
        int tier = name.indexOf(Tiers.SEPARATOR);
        String base = tier > 0 ? name.substring(0, tier) : name;
        if (!policies.isDefinedOutsideOverrides(base)) {
            return "no policy '" + base + "' is declared by @Throttled or in config (the store cannot create one)";
        }
        if (tier > 0) {
            String tierName = name.substring(tier + Tiers.SEPARATOR.length());
            if (!Tiers.NAME.matcher(tierName).matches() || Tiers.DEFAULT.equals(tierName)) {
                return "'" + tierName + "' is not a tier name";
            }
        }
        return policies.preview(name, fields).isPresent() ? null : "no such policy";
    }

    private String routeProblem(String name, Map<String, String> values, Map<PolicyField, String> fields) {
        if (policies.isPolicyName(name)) {
            return "'" + name + "' is the name of a policy; a route is a policy of its own";
        }
        RouteSettings proposed = RouteSettings.read(name, key -> values.containsKey(key)
                ? new String[] {values.get(key), FieldSource.OVERRIDES_SOURCE_NAME}
                : FieldSource.outsideOverrides(policies.config(), key));
        proposed.toRoute(routes.applicationPath());
        policies.previewRoute(name, fields);
        return null;
    }
}
