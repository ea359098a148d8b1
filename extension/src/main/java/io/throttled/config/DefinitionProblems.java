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
        PolicyResolver resolver = new PolicyResolver(config);
        for (PolicyDeclaration d : byName.values()) {
            String where = d.origin().equals("config") ? "policy '" + d.name() + "' (config)"
                    : "@Throttled on " + d.origin() + " (policy '" + d.name() + "')";
            try {
                KeySource key = resolver.resolve(d).policy().key();
                if (key.kind() == KeySource.Kind.BEAN && !keyResolverExists.test(key.argument())) {
                    problems.add(where + ": key '" + key + "' names no bean; declare a KeyResolver bean with @Named(\""
                            + key.argument() + "\")");
                }
            } catch (InvalidPolicyException e) {
                for (Violation v : e.violations()) {
                    problems.add(where + ": " + v + sourceOf(config, d, v.field()));
                }
            }
        }
        problems.addAll(ConfiguredPolicies.unknownFields(config));
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
                .filter(f -> config.getOptionalValue(ConfigKeys.policy(d.name(), f), String.class).isPresent())
                .map(f -> " (from " + ConfigKeys.policy(d.name(), f) + ")")
                .orElse("");
    }
}
