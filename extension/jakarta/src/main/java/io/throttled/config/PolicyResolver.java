package io.throttled.config;

import io.throttled.core.InvalidPolicyException;
import io.throttled.core.Policy;
import io.throttled.core.PolicyBuilder;
import io.throttled.core.Violation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.LongSupplier;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigValue;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Combines a declaration with MicroProfile Config: for each field the config key
 * {@code throttled.policy.<name>.<field>} (a runtime override is a config source too, ranked above the
 * rest) wins over the annotation, which wins over the default.
 *
 * <p>A resolved policy is reused until the runtime overrides change (at once) or a second has passed (other
 * config sources are re-read then): reading seven config keys on every call would cost more than the
 * decision's own work. The policy is rebuilt only when a value changed. A value that became invalid after deployment (the admin API refuses invalid ones)
 * keeps the last valid policy in force, and is logged once.
 */
public final class PolicyResolver {
    private static final System.Logger LOG = System.getLogger(PolicyResolver.class.getName());
    private static final PolicyField[] FIELDS = PolicyField.values();
    private static final long RECHECK_NANOS = 1_000_000_000L;

    private final Config config;
    private final ConcurrentMap<String, Cached> cache = new ConcurrentHashMap<>();

    private final LongSupplier nanoTime;

    public PolicyResolver(Config config) {
        this(config, System::nanoTime);
    }

    PolicyResolver(Config config, LongSupplier nanoTime) {
        this.config = config;
        this.nanoTime = nanoTime;
    }

    /**
     * @throws InvalidPolicyException when the settings are invalid and no valid policy was in force before
     */
    public ResolvedPolicy resolve(PolicyDeclaration declaration) {
        long generation = RuntimeOverrides.generation();
        long now = nanoTime.getAsLong();
        Cached cached = cache.get(declaration.configPrefix());
        if (cached != null && cached.declaration == declaration && cached.generation == generation
                && now - cached.readAt < RECHECK_NANOS) {
            return cached.resolved;
        }
        FieldValues read = new FieldValues();
        for (PolicyField field : FIELDS) {
            ConfigValue configured = declaration.isTier() && !field.shapesBuckets() ? null
                    : config.getConfigValue(declaration.configPrefix() + field.configName());
            if (configured != null && configured.getValue() != null && !configured.getValue().isBlank()) {
                read.set(field, configured.getValue().trim(), FieldSource.ofConfigSource(configured.getSourceName()),
                        configured.getSourceName());
            } else {
                read.declared(declaration, field);
            }
        }
        read.tierRateOwnsBurst(declaration);
        String[] values = read.values;
        FieldSource[] sources = read.sources;
        if (cached != null && Arrays.equals(cached.values, values) && Arrays.equals(cached.sources, sources)) {
            cache.put(declaration.configPrefix(), cached.readAgain(declaration, generation, now));
            return cached.resolved;
        }
        try {
            ResolvedPolicy resolved = build(declaration.name(), values, sources, read.origins);
            cache.put(declaration.configPrefix(), new Cached(values, sources, resolved, null, declaration, generation, now));
            return resolved;
        } catch (InvalidPolicyException e) {
            if (cached == null) {
                throw e;
            }
            Cached kept = cached;
            if (!Arrays.equals(cached.rejected, values)) {
                LOG.log(System.Logger.Level.ERROR, "throttled: keeping the last valid settings of policy ''{0}'' ({1}):"
                        + " {2}", declaration.name(), cached.resolved.policy().rate(), e.getMessage());
                kept = cached.withRejected(values);
            }
            cache.put(declaration.configPrefix(), kept.readAgain(declaration, generation, now));
            return cached.resolved;
        }
    }

    /**
     * The policy these runtime overrides would give, over what config and the annotation say now (the
     * override source itself is skipped): to validate an override before storing it.
     *
     * @throws InvalidPolicyException naming every bad field
     */
    public ResolvedPolicy preview(PolicyDeclaration declaration, Map<PolicyField, String> overrides) {
        FieldValues fields = new FieldValues();
        for (PolicyField field : FIELDS) {
            String key = declaration.configPrefix() + field.configName();
            String configured = null;
            String configuredBy = null;
            for (ConfigSource source : config.getConfigSources()) {
                String value = FieldSource.OVERRIDES_SOURCE_NAME.equals(source.getName()) ? null : source.getValue(key);
                if (value != null && !value.isBlank()) {
                    configured = value.trim();
                    configuredBy = source.getName();
                    break;
                }
            }
            if (declaration.isTier() && !field.shapesBuckets()) {
                configured = null;
            }
            if (overrides.containsKey(field)) {
                fields.set(field, overrides.get(field).trim(), FieldSource.OVERRIDE, FieldSource.OVERRIDES_SOURCE_NAME);
            } else if (configured != null) {
                fields.set(field, configured, FieldSource.CONFIG, configuredBy);
            } else {
                fields.declared(declaration, field);
            }
        }
        fields.tierRateOwnsBurst(declaration);
        return build(declaration.name(), fields.values, fields.sources, fields.origins);
    }

    /** A policy's settings field by field: value, kind of source and the source's name. */
    private static final class FieldValues {
        final String[] values = new String[FIELDS.length];
        final FieldSource[] sources = new FieldSource[FIELDS.length];
        final String[] origins = new String[FIELDS.length];

        void set(PolicyField field, String value, FieldSource source, String origin) {
            values[field.ordinal()] = value;
            sources[field.ordinal()] = source;
            origins[field.ordinal()] = origin;
        }

        /** A tier that sets its own rate does not take its policy's separate burst, which belongs to the policy's rate. */
        void tierRateOwnsBurst(PolicyDeclaration declaration) {
            int rate = PolicyField.RATE.ordinal();
            int burst = PolicyField.BURST.ordinal();
            if (declaration.isTier() && sources[rate] != FieldSource.INHERITED && sources[burst] == FieldSource.INHERITED) {
                set(PolicyField.BURST, PolicyField.BURST.defaultText(), FieldSource.DEFAULT, "default");
            }
        }

        /** What the annotation says, or else the default: where config says nothing. */
        void declared(PolicyDeclaration declaration, PolicyField field) {
            String annotated = declaration.values().get(field);
            if (annotated != null) {
                set(field, annotated, declaration.declaredBy(), declaration.origin());
            } else {
                set(field, field.defaultText(), FieldSource.DEFAULT, "default");
            }
        }
    }

    /** Builds the policy these settings describe, without caching: for validation. */
    public static ResolvedPolicy build(String name, String[] values, FieldSource[] sources, String[] origins) {
        PolicyBuilder builder = Policy.builder(name);
        Map<PolicyField, Setting> settings = new EnumMap<>(PolicyField.class);
        boolean unlimited = Tiers.UNLIMITED.equalsIgnoreCase(values[PolicyField.RATE.ordinal()]);
        for (PolicyField field : FIELDS) {
            int i = field.ordinal();
            if (unlimited && field == PolicyField.RATE) {
                builder.rate("1/1s");   // never decided: the call rules say unlimited
            } else if (field.buildsPolicy() && (sources[i] != FieldSource.DEFAULT || !values[i].isEmpty())) {
                field.applyTo(builder, values[i]);
            }
            settings.put(field, new Setting(values[i], sources[i], origins[i]));
        }
        List<Violation> violations = new ArrayList<>();
        CallRules rules = CallRulesParser.parse(settings, unlimited, violations);
        Policy policy;
        try {
            policy = builder.build();
        } catch (InvalidPolicyException e) {
            violations.addAll(0, e.violations());
            throw new InvalidPolicyException(name, violations);
        }
        if (rules.penaltyMillis() > 0) {
            policy.whyNoPenalty(rules.penaltyMillis()).ifPresent(refused -> violations.add(
                    new Violation(PolicyField.PENALTY.configName(), values[PolicyField.PENALTY.ordinal()], refused)));
        }
        if (!violations.isEmpty()) {
            throw new InvalidPolicyException(name, violations);
        }
        return new ResolvedPolicy(policy, settings, rules, Map.of());
    }

    /** A resolved policy, what it was built from, and when config was last read for it. */
    private record Cached(String[] values, FieldSource[] sources, ResolvedPolicy resolved, String[] rejected,
                          PolicyDeclaration declaration, long generation, long readAt) {
        Cached withRejected(String[] bad) {
            return new Cached(values, sources, resolved, bad, declaration, generation, readAt);
        }

        Cached readAgain(PolicyDeclaration from, long atGeneration, long at) {
            return new Cached(values, sources, resolved, rejected, from, atGeneration, at);
        }
    }
}
