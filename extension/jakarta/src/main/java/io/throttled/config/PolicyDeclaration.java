package io.throttled.config;

import io.throttled.Throttled;
import java.lang.reflect.Method;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * A policy as an annotation declares it: the name, where it was declared (for messages), and the fields
 * the annotation sets. A policy defined in config alone has a declaration with no fields.
 *
 * <p>Config overrides the declared fields under {@code configPrefix}: {@code throttled.policy.<name>.} for a
 * policy, {@code throttled.route.<name>.} for a route, {@code throttled.policy.<name>.tier.<tier>.} for a
 * tier, whose declared fields are its policy's effective ones ({@code declaredBy} says which kind of source
 * the declared fields are reported as).
 */
public record PolicyDeclaration(String name, String origin, Map<PolicyField, String> values, String configPrefix,
                                FieldSource declaredBy) {

    public PolicyDeclaration {
        values = Collections.unmodifiableMap(values.isEmpty() ? new EnumMap<>(PolicyField.class) : new EnumMap<>(values));
    }

    public PolicyDeclaration(String name, String origin, Map<PolicyField, String> values) {
        this(name, origin, values, ConfigKeys.POLICY_PREFIX + name + ".", FieldSource.ANNOTATION);
    }

    /** A route's policy: named after the route, set by {@code throttled.route.<name>.<field>}. */
    public static PolicyDeclaration route(String name) {
        return new PolicyDeclaration(name, "route", Map.of(), ConfigKeys.ROUTE_PREFIX + name + ".", FieldSource.DEFAULT);
    }

    /**
     * One tier of a policy: the policy {@code <policy>.tier.<tier>}, set by {@code <prefix>tier.<tier>.<field>},
     * each field defaulting to the policy's effective value; {@code failure-mode} is always the policy's.
     */
    public static PolicyDeclaration tier(PolicyDeclaration parent, ResolvedPolicy resolved, String tier) {
        Map<PolicyField, String> inherited = new EnumMap<>(PolicyField.class);
        resolved.settings().forEach((field, setting) -> {
            if (field.buildsPolicy() && !setting.value().isEmpty()) {   // failure-mode too, which no tier sets
                inherited.put(field, setting.value());
            }
        });
        return new PolicyDeclaration(parent.name() + Tiers.SEPARATOR + tier, "policy '" + parent.name() + "'",
                inherited, parent.configPrefix() + "tier." + tier + ".", FieldSource.INHERITED);
    }

    /** Whether this is one tier of another policy. */
    public boolean isTier() {
        return declaredBy == FieldSource.INHERITED;
    }

    /** A policy known only from config keys. */
    public static PolicyDeclaration configOnly(String name) {
        return new PolicyDeclaration(name, "config", Map.of());
    }

    /**
     * The declaration made by {@code annotation}, found on {@code method} or, when {@code method} is null,
     * on {@code type}. Unnamed policies are named after the method ({@code com.example.Api.ping}) or the class.
     */
    public static PolicyDeclaration of(Throttled annotation, Class<?> type, Method method) {
        String origin = method == null ? type.getName() : type.getName() + "#" + method.getName();
        String name = !annotation.value().isBlank() ? annotation.value().trim()
                : method == null ? type.getName() : type.getName() + "." + method.getName();
        Map<PolicyField, String> values = new EnumMap<>(PolicyField.class);
        putIfSet(values, PolicyField.ALGORITHM, annotation.algorithm());
        putIfSet(values, PolicyField.RATE, annotation.rate());
        if (annotation.burst() != 0) {
            values.put(PolicyField.BURST, Long.toString(annotation.burst()));
        }
        putIfSet(values, PolicyField.REFILL, annotation.refill());
        putIfSet(values, PolicyField.KEY, annotation.key());
        if (annotation.cost() != 0) {
            values.put(PolicyField.COST, Long.toString(annotation.cost()));
        }
        if (!annotation.enforce()) {
            values.put(PolicyField.ENFORCE, "false");
        }
        putIfSet(values, PolicyField.MAX_WAIT, annotation.maxWait());
        if (annotation.maxWaiters() != 0) {
            values.put(PolicyField.MAX_WAITERS, Long.toString(annotation.maxWaiters()));
        }
        putIfSet(values, PolicyField.LEASE, annotation.lease());
        putIfSet(values, PolicyField.LEASE_LIFETIME, annotation.leaseLifetime());
        putIfSet(values, PolicyField.PENALTY, annotation.penalty());
        putIfSet(values, PolicyField.FAILURE_MODE, annotation.failureMode());
        return new PolicyDeclaration(name, origin, values);
    }

    /** The fields set, as {@code rate=10/1s, key=ip}, for messages. */
    public String describeValues() {
        StringBuilder sb = new StringBuilder();
        values.forEach((field, value) -> sb.append(sb.length() == 0 ? "" : ", ").append(field.configName())
                .append('=').append(value));
        return sb.length() == 0 ? "(no settings)" : sb.toString();
    }

    private static void putIfSet(Map<PolicyField, String> values, PolicyField field, String text) {
        if (!text.isBlank()) {
            values.put(field, text.trim());
        }
    }
}
