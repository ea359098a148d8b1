package io.throttled.config;

import io.throttled.core.InvalidPolicyException;
import java.lang.reflect.Method;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.Config;

/**
 * Every policy the application knows: declared by annotations (collected when the application deploys),
 * defined in config alone, or a route's; each with its tiers; and the policy of each throttled method.
 */
public final class PolicyRegistry {
    private static final long RECHECK_NANOS = 1_000_000_000L;

    private final Config config;
    private final PolicyResolver resolver;
    private final Map<String, PolicyDeclaration> declarations = new ConcurrentHashMap<>();
    private final Map<Method, Optional<PolicyDeclaration>> byMethod = new ConcurrentHashMap<>();
    private final Map<String, TierCache> tierCache = new ConcurrentHashMap<>();
    private final Map<String, PolicyDeclaration> routeDeclarations = new ConcurrentHashMap<>();

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

    /**
     * The policy in force under this name (a declared or configured policy, a route, or a tier named
     * {@code <policy>.tier.<tier>}), or empty when nothing defines it.
     */
    public Optional<ResolvedPolicy> resolve(String name) {
        int tier = name.indexOf(Tiers.SEPARATOR);
        if (tier > 0) {
            return resolve(name.substring(0, tier)).flatMap(p -> p.tier(name.substring(tier + Tiers.SEPARATOR.length())));
        }
        return declaration(name).map(this::resolve);
    }

    /** The policy in force for this declaration, with its tiers. */
    public ResolvedPolicy resolve(PolicyDeclaration declaration) {
        PolicyDeclaration d = declarations.getOrDefault(declaration.name(), declaration);
        return withTiers(d, resolver.resolve(d));
    }

    /** What the policy would be with these runtime overrides instead of the current ones; empty if unknown. */
    public Optional<ResolvedPolicy> preview(String name, Map<PolicyField, String> overrides) {
        int tier = name.indexOf(Tiers.SEPARATOR);
        if (tier > 0) {
            String parentName = name.substring(0, tier);
            String tierName = name.substring(tier + Tiers.SEPARATOR.length());
            return declaration(parentName).map(parent -> resolver.preview(
                    PolicyDeclaration.tier(parent, resolve(parent), tierName), overrides));
        }
        return declaration(name).map(d -> resolver.preview(d, overrides));
    }

    /**
     * A tier nothing defines yet, as it would be with no settings of its own (every field its policy's):
     * {@code <policy>.tier.<tier>} of a declared or configured policy, the tier a valid name other than
     * {@code default}; empty otherwise. A route's tiers are not created this way: their keys are the route's.
     */
    public Optional<ResolvedPolicy> newTier(String name) {
        int tier = name.indexOf(Tiers.SEPARATOR);
        if (tier <= 0 || resolve(name).isPresent()) {
            return Optional.empty();
        }
        String parent = name.substring(0, tier);
        String tierName = name.substring(tier + Tiers.SEPARATOR.length());
        if (!isPolicyName(parent) || !Tiers.NAME.matcher(tierName).matches() || Tiers.DEFAULT.equals(tierName)) {
            return Optional.empty();
        }
        try {
            return preview(name, Map.of());
        } catch (InvalidPolicyException e) {
            return Optional.empty();   // the policy itself is invalid: there is nothing to inherit
        }
    }

    /** What a route's policy would be with these runtime settings, whether or not the route exists yet. */
    public ResolvedPolicy previewRoute(String route, Map<PolicyField, String> overrides) {
        return resolver.preview(routeDeclaration(route), overrides);
    }

    /** Every policy name, declared, configured or a route's, sorted (tiers are listed with their policy). */
    public Set<String> names() {
        Set<String> names = new TreeSet<>(declarations.keySet());
        names.addAll(ConfiguredPolicies.names(config));
        names.addAll(ConfiguredRoutes.names(config));
        return names;
    }

    /** The declaration of a policy or route by name, or empty. */
    public Optional<PolicyDeclaration> declaration(String name) {
        PolicyDeclaration declared = declarations.get(name);
        if (declared != null) {
            return Optional.of(declared);
        }
        if (ConfiguredPolicies.names(config).contains(name)) {
            return Optional.of(PolicyDeclaration.configOnly(name));
        }
        if (ConfiguredRoutes.names(config).contains(name)) {
            return Optional.of(routeDeclaration(name));
        }
        return Optional.empty();
    }

    /** A route's declaration, the same object each time (resolved policies are cached by it). */
    public PolicyDeclaration routeDeclaration(String route) {
        return routeDeclarations.computeIfAbsent(route, PolicyDeclaration::route);
    }

    /** Whether an annotation or a {@code throttled.policy.*} key defines this name (not a route). */
    public boolean isPolicyName(String name) {
        return declarations.containsKey(name) || ConfiguredPolicies.names(config).contains(name);
    }

    /**
     * Whether an annotation or a config source other than the runtime overrides defines this policy: the overrides
     * change policies, they never create one (a tier aside).
     */
    public boolean isDefinedOutsideOverrides(String name) {
        if (declarations.containsKey(name)) {
            return true;
        }
        String prefix = ConfigKeys.POLICY_PREFIX + name + ".";
        for (org.eclipse.microprofile.config.spi.ConfigSource source : config.getConfigSources()) {
            if (!FieldSource.OVERRIDES_SOURCE_NAME.equals(source.getName())
                    && source.getPropertyNames().stream().anyMatch(key -> key.startsWith(prefix))) {
                return true;
            }
        }
        return false;
    }

    public Config config() {
        return config;
    }

    /**
     * Adds the tiers to a resolved policy. Reused while the policy is unchanged, the overrides too, and for
     * at most a second (config keys are listed again then): listing every key on each call would cost more
     * than the decision.
     */
    private ResolvedPolicy withTiers(PolicyDeclaration d, ResolvedPolicy base) {
        long generation = RuntimeOverrides.generation();
        long now = System.nanoTime();
        TierCache cached = tierCache.get(d.configPrefix());
        boolean fresh = cached != null && cached.generation == generation && now - cached.readAt < RECHECK_NANOS;
        if (fresh && cached.base == base) {
            return cached.resolved;
        }
        Collection<String> names = fresh ? cached.tiers.keySet() : Tiers.names(config, d.configPrefix(), base.rules().tierOrder());
        if (names.isEmpty()) {
            tierCache.put(d.configPrefix(), new TierCache(base, Map.of(), base, generation, fresh ? cached.readAt : now));
            return base;
        }
        Map<String, PolicyDeclaration> tierDeclarations = new LinkedHashMap<>();
        Map<String, ResolvedPolicy> tiers = new LinkedHashMap<>();
        for (String name : names) {
            PolicyDeclaration td = cached != null && cached.base == base ? cached.tiers.get(name) : null;
            if (td == null) {
                td = PolicyDeclaration.tier(d, base, name);
            }
            tierDeclarations.put(name, td);
            tiers.put(name, resolver.resolve(td));
        }
        ResolvedPolicy resolved = base.withTiers(tiers);
        tierCache.put(d.configPrefix(), new TierCache(base, tierDeclarations, resolved, generation, fresh ? cached.readAt : now));
        return resolved;
    }

    private record TierCache(ResolvedPolicy base, Map<String, PolicyDeclaration> tiers, ResolvedPolicy resolved,
                             long generation, long readAt) {
    }
}
