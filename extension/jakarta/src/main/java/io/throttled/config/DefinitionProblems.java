package io.throttled.config;

import io.throttled.core.InvalidPolicyException;
import io.throttled.core.KeySource;
import io.throttled.core.Violation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.eclipse.microprofile.config.Config;

/**
 * Everything that must stop a deployment: an invalid policy (annotation plus config), two annotations
 * declaring one policy differently, a {@code bean:} key source with no such bean, a misspelt policy key,
 * an invalid global setting. Each message names where, which setting and which value.
 */
public final class DefinitionProblems {
    private DefinitionProblems() {
    }

    public static List<String> find(Config config, Collection<PolicyDeclaration> declared, Predicate<String> keyResolverExists) {
        return find(config, declared, keyResolverExists, name -> false, "/");
    }

    public static List<String> find(Config config, Collection<PolicyDeclaration> declared, Predicate<String> keyResolverExists,
                                    Predicate<String> tierResolverExists, String applicationPath) {
        List<String> problems = new ArrayList<>();
        Map<String, PolicyDeclaration> byName = new HashMap<>();
        for (PolicyDeclaration d : declared) {
            PolicyDeclaration first = byName.putIfAbsent(d.name(), d);
            if (first != null && !first.values().equals(d.values())) {
                problems.add("policy '" + d.name() + "' is declared differently by " + first.origin() + " ("
                        + first.describeValues() + ") and by " + d.origin() + " (" + d.describeValues() + ")"
                        + "; give one of them another name, or move the settings to config");
            }
        }
        for (String name : ConfiguredPolicies.names(config)) {
            byName.putIfAbsent(name, PolicyDeclaration.configOnly(name));
        }
        for (String name : byName.keySet()) {
            if (name.contains(Tiers.SEPARATOR)) {
                problems.add("policy '" + name + "': '" + Tiers.SEPARATOR + "' in a name is reserved for tiers"
                        + " (throttled.policy.<name>.tier.<tier>.<field>)");
            }
        }
        for (String route : ConfiguredRoutes.names(config)) {
            if (byName.containsKey(route)) {
                problems.add("route '" + route + "' has the name of a policy (" + byName.get(route).origin()
                        + "); a route is a policy of its own: give it another name");
            } else {
                byName.put(route, PolicyDeclaration.route(route));
            }
        }
        problems.addAll(new RouteRegistry(config, applicationPath).problems());
        PolicyRegistry registry = new PolicyRegistry(config, byName.values());
        for (PolicyDeclaration d : byName.values()) {
            String where = d.origin().equals("config") ? "policy '" + d.name() + "' (config)"
                    : d.origin().equals("route") ? "route '" + d.name() + "'"
                    : "@Throttled on " + d.origin() + " (policy '" + d.name() + "')";
            try {
                ResolvedPolicy resolved = registry.resolve(d);
                List<ResolvedPolicy> all = new ArrayList<>(List.of(resolved));
                all.addAll(resolved.tiers().values());
                for (ResolvedPolicy p : all) {
                    for (KeySource key : p.policy().key().parts()) {
                        if (key.kind() == KeySource.Kind.BEAN && !keyResolverExists.test(key.argument())) {
                            problems.add(where + ": key '" + key + "' names no bean; declare a KeyResolver bean with"
                                    + " @Named(\"" + key.argument() + "\")");
                        }
                    }
                }
                TierSource tierBy = resolved.rules().tierBy();
                if (tierBy.kind() == TierSource.Kind.BEAN && !tierResolverExists.test(tierBy.argument())) {
                    problems.add(where + ": tier-by '" + tierBy + "' names no bean; declare a TierResolver bean with"
                            + " @Named(\"" + tierBy.argument() + "\")");
                }
                if (tierBy.kind() != TierSource.Kind.NONE && resolved.tiers().isEmpty()) {
                    problems.add(where + ": tier-by '" + tierBy + "' but no tier is declared; add"
                            + " throttled.policy." + d.name() + ".tier.<tier>.rate (or another field) for each tier");
                }
            } catch (InvalidPolicyException e) {
                for (Violation v : e.violations()) {
                    String at = e.policy() != null && e.policy().contains(Tiers.SEPARATOR) ? "tier '" + e.policy() + "': " : "";
                    problems.add(where + ": " + at + v + sourceOf(config, d, v.field()));
                }
            }
        }
        problems.addAll(ConfiguredPolicies.unknownFields(config));
        problems.addAll(ConfiguredRoutes.unknownFields(config));
        try {
            ThrottledSettings.read(config);
        } catch (InvalidSettingsException e) {
            problems.addAll(e.problems());
        }
        return problems;
    }

    /** " (from throttled.policy.x.rate)" when config set the offending field. */
    private static String sourceOf(Config config, PolicyDeclaration d, String field) {
        return PolicyField.fromConfig(field)
                .filter(f -> config.getOptionalValue(d.configPrefix() + f.configName(), String.class).isPresent())
                .map(f -> " (from " + d.configPrefix() + f.configName() + ")")
                .orElse("");
    }
}
