package io.throttled.openapi;

import io.throttled.core.Algorithm;
import io.throttled.config.CountCondition;
import io.throttled.config.PolicyField;
import io.throttled.config.ResolvedPolicy;
import io.throttled.config.Setting;
import io.throttled.core.Limit;
import io.throttled.core.Policy;
import io.throttled.jaxrs.RateLimitHeaders;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code x-throttled-policies} extension of an operation: each policy that may decide its requests, in the
 * order they are decided, in the vocabulary of config and the admin API, with the {@code RateLimit-Policy} items
 * it sends. Exemptions are left out: they name internal addresses and roles a client has no use for.
 */
final class PolicyDescriptions {
    static final String EXTENSION = "x-throttled-policies";

    private PolicyDescriptions() {
    }

    static List<Object> of(List<CoveringPolicy> covering) {
        List<Object> described = new ArrayList<>(covering.size());
        for (CoveringPolicy c : covering) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", c.policy().policy().name());
            entry.put("source", c.source());
            if (c.route() != null) {
                entry.put("route", c.route().pattern().text());
                if (!c.route().methods().isEmpty()) {
                    entry.put("methods", List.copyOf(c.route().methods()));
                }
            }
            entry.putAll(buckets(c.policy()));
            if (!CountCondition.ALL.equals(c.policy().rules().count())) {
                entry.put("count", c.policy().rules().count().toString());
            }
            Setting tierBy = c.policy().settings().get(PolicyField.TIER_BY);
            if (tierBy != null && !tierBy.value().isEmpty()) {
                entry.put("tier-by", tierBy.value());
                List<Object> tiers = new ArrayList<>();
                c.policy().tiers().forEach((name, tier) -> {
                    Map<String, Object> t = new LinkedHashMap<>();
                    t.put("tier", name);
                    t.put("name", tier.policy().name());
                    t.putAll(buckets(tier));
                    tiers.add(t);
                });
                entry.put("tiers", tiers);
            }
            described.add(entry);
        }
        return described;
    }

    /** The fields of a policy's buckets, as in force. */
    private static Map<String, Object> buckets(ResolvedPolicy resolved) {
        Map<String, Object> fields = new LinkedHashMap<>();
        Policy p = resolved.policy();
        if (resolved.rules().unlimited()) {
            fields.put("rate", "unlimited");   // admitted without deciding
            return fields;
        }
        fields.put("algorithm", p.algorithm().configName());
        fields.put("rate", p.rate());
        List<Object> limits = new ArrayList<>();
        for (Limit limit : p.limits()) {
            Map<String, Object> l = new LinkedHashMap<>();
            l.put("quantity", limit.quantity());
            l.put("window", limit.windowText());
            l.put("burst", limit.burst());
            limits.add(l);
        }
        fields.put("limits", limits);
        if (p.algorithm() == Algorithm.TOKEN_BUCKET) {
            fields.put("refill", p.refill().configName());
        }
        fields.put("key", p.key().toString());
        fields.put("cost", p.cost());
        fields.put("enforce", p.enforce());
        fields.put("ratelimit-policy", RateLimitHeaders.policyItems(p));
        return fields;
    }
}
