package io.throttled.config;

import io.throttled.core.Policy;
import java.util.Map;

/**
 * A policy as it is in force now, with each field's effective text and where it came from, its call rules,
 * and its tiers (each a policy of its own, in the order {@code role:} tries them).
 */
public record ResolvedPolicy(Policy policy, Map<PolicyField, Setting> settings, CallRules rules,
                             Map<String, ResolvedPolicy> tiers) {

    public ResolvedPolicy {
        tiers = tiers == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(tiers));
    }

    public ResolvedPolicy withTiers(Map<String, ResolvedPolicy> value) {
        return new ResolvedPolicy(policy, settings, rules, value);
    }

    /** A tier's policy, or empty when the policy has no such tier. */
    public java.util.Optional<ResolvedPolicy> tier(String name) {
        return java.util.Optional.ofNullable(tiers.get(name));
    }
}
