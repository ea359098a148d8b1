package io.throttled.config;

import java.lang.reflect.Method;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.Config;

/**
 * Every policy the application knows: declared by annotations (collected when the application deploys)
 * or defined in config alone; and the policy of each throttled method.
 */
public final class PolicyRegistry {
    private final Config config;
    private final PolicyResolver resolver;
    private final Map<String, PolicyDeclaration> declarations = new ConcurrentHashMap<>();
    private final Map<Method, Optional<PolicyDeclaration>> byMethod = new ConcurrentHashMap<>();

    public PolicyRegistry(Config config, Collection<PolicyDeclaration> declared) {
        this.config = config;
        this.resolver = new PolicyResolver(config);
        for (PolicyDeclaration d : declared) {
            declarations.putIfAbsent(d.name(), d);
        }
    }

    /** The declaration that applies to a call, or empty when the method is not throttled. */
    public Optional<PolicyDeclaration> declarationFor(Method method, Class<?> targetClass) {
        return byMethod.computeIfAbsent(method, m -> {
            PolicyDeclaration found = AnnotatedPolicies.find(m, targetClass);
            if (found != null) {
                declarations.putIfAbsent(found.name(), found);   // e.g. a resource that is no CDI bean
            }
            return Optional.ofNullable(found);
        });
    }

    /** The policy in force under this name, or empty when no annotation or config defines it. */
    public Optional<ResolvedPolicy> resolve(String name) {
        PolicyDeclaration declaration = declarations.get(name);
        if (declaration == null) {
            if (!ConfiguredPolicies.names(config).contains(name)) {
                return Optional.empty();
            }
            declaration = PolicyDeclaration.configOnly(name);
        }
        return Optional.of(resolver.resolve(declaration));
    }

    /** The policy in force for this declaration. */
    public ResolvedPolicy resolve(PolicyDeclaration declaration) {
        return resolver.resolve(declarations.getOrDefault(declaration.name(), declaration));
    }

    /** What the policy would be with these runtime overrides instead of the current ones; empty if unknown. */
    public Optional<ResolvedPolicy> preview(String name, Map<PolicyField, String> overrides) {
        PolicyDeclaration declaration = declarations.get(name);
        if (declaration == null) {
            if (!ConfiguredPolicies.names(config).contains(name)) {
                return Optional.empty();
            }
            declaration = PolicyDeclaration.configOnly(name);
        }
        return Optional.of(resolver.preview(declaration, overrides));
    }

    /** Every policy name, declared or configured, sorted. */
    public Set<String> names() {
        Set<String> names = new TreeSet<>(declarations.keySet());
        names.addAll(ConfiguredPolicies.names(config));
        return names;
    }

    public Optional<PolicyDeclaration> declaration(String name) {
        return Optional.ofNullable(declarations.get(name));
    }
}
