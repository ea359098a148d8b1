package io.throttled.config;

import io.throttled.core.InvalidPolicyException;
import io.throttled.core.Policy;
import io.throttled.core.PolicyBuilder;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigValue;

/**
 * Combines a declaration with MicroProfile Config: for each field the config key
 * {@code throttled.policy.<name>.<field>} (a runtime override is a config source too, ranked above the
 * rest) wins over the annotation, which wins over the default.
 *
 * <p>Config is read on every call, because runtime overrides change it; the policy is rebuilt only when
 * a value changed. A value that became invalid after deployment (the admin API refuses invalid ones)
 * keeps the last valid policy in force, and is logged once.
 */
public final class PolicyResolver {
    private static final System.Logger LOG = System.getLogger(PolicyResolver.class.getName());
    private static final PolicyField[] FIELDS = PolicyField.values();

    private final Config config;
    private final ConcurrentMap<String, Cached> cache = new ConcurrentHashMap<>();

    public PolicyResolver(Config config) {
        this.config = config;
    }

    /**
     * @throws InvalidPolicyException when the settings are invalid and no valid policy was in force before
     */
    public ResolvedPolicy resolve(PolicyDeclaration declaration) {
        String[] values = new String[FIELDS.length];
        String[] origins = new String[FIELDS.length];
        FieldSource[] sources = new FieldSource[FIELDS.length];
        for (PolicyField field : FIELDS) {
            int i = field.ordinal();
            ConfigValue configured = config.getConfigValue(ConfigKeys.policy(declaration.name(), field));
            String annotated = declaration.values().get(field);
            if (configured != null && configured.getValue() != null && !configured.getValue().isBlank()) {
                values[i] = configured.getValue().trim();
                sources[i] = FieldSource.ofConfigSource(configured.getSourceName());
                origins[i] = configured.getSourceName();
            } else if (annotated != null) {
                values[i] = annotated;
                sources[i] = FieldSource.ANNOTATION;
                origins[i] = declaration.origin();
            } else {
                values[i] = field.defaultText();
                sources[i] = FieldSource.DEFAULT;
                origins[i] = "default";
            }
        }
        Cached cached = cache.get(declaration.name());
        if (cached != null && Arrays.equals(cached.values, values) && Arrays.equals(cached.sources, sources)) {
            return cached.resolved;
        }
        try {
            ResolvedPolicy resolved = build(declaration.name(), values, sources, origins);
            cache.put(declaration.name(), new Cached(values, sources, resolved));
            return resolved;
        } catch (InvalidPolicyException e) {
            if (cached == null) {
                throw e;
            }
            if (!Arrays.equals(cached.rejected, values)) {
                LOG.log(System.Logger.Level.ERROR, "throttled: keeping the last valid settings of policy ''{0}'' ({1}):"
                        + " {2}", declaration.name(), cached.resolved.policy().rate(), e.getMessage());
                cache.put(declaration.name(), cached.withRejected(values));
            }
            return cached.resolved;
        }
    }

    /** Builds the policy these settings describe, without caching: for validation. */
    public static ResolvedPolicy build(String name, String[] values, FieldSource[] sources, String[] origins) {
        PolicyBuilder builder = Policy.builder(name);
        Map<PolicyField, Setting> settings = new EnumMap<>(PolicyField.class);
        for (PolicyField field : FIELDS) {
            int i = field.ordinal();
            if (sources[i] != FieldSource.DEFAULT || !values[i].isEmpty()) {
                field.applyTo(builder, values[i]);
            }
            settings.put(field, new Setting(values[i], sources[i], origins[i]));
        }
        return new ResolvedPolicy(builder.build(), settings);
    }

    private record Cached(String[] values, FieldSource[] sources, ResolvedPolicy resolved, String[] rejected) {
        Cached(String[] values, FieldSource[] sources, ResolvedPolicy resolved) {
            this(values, sources, resolved, null);
        }

        Cached withRejected(String[] bad) {
            return new Cached(values, sources, resolved, bad);
        }
    }
}
