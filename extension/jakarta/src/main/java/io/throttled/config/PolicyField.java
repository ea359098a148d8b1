package io.throttled.config;

import io.throttled.core.PolicyBuilder;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;

/** The vocabulary shared by {@code @Throttled}, config keys and the admin API, with each field's default. */
public enum PolicyField {
    ALGORITHM("algorithm", "token-bucket", PolicyBuilder::algorithm),
    RATE("rate", "", PolicyBuilder::rate),
    BURST("burst", "", PolicyBuilder::burst),
    REFILL("refill", "greedy", PolicyBuilder::refill),
    KEY("key", "principal-or-ip", PolicyBuilder::key),
    COST("cost", "1", PolicyBuilder::cost),
    ENFORCE("enforce", "true", PolicyBuilder::enforce),
    // how long a call may wait for its slot; it shapes what a bucket admits, so a tier may set it
    MAX_WAIT("max-wait", "0", PolicyBuilder::maxWait),
    MAX_WAITERS("max-waiters", "0", PolicyBuilder::maxWaiters),
    // token leases for hot keys (io.throttled.lease): off unless set; a lease lives 100 ms unless set
    LEASE("lease", "off", PolicyBuilder::lease),
    LEASE_LIFETIME("lease-lifetime", "100ms", PolicyBuilder::leaseLifetime),
    // what the policy decides about a call beyond its buckets (CallRules); not per tier
    COUNT("count", "all", null),
    EXEMPT("exempt", "", null),
    TIER_BY("tier-by", "", null),
    TIERS("tiers", "", null),
    // how far a partner's 429 with Retry-After may push the bucket on (RateLimiter.penalize); 0 = never
    PENALTY("penalty", "0", null);

    private final String configName;
    private final String defaultText;
    private final BiConsumer<PolicyBuilder, String> apply;

    PolicyField(String configName, String defaultText, BiConsumer<PolicyBuilder, String> apply) {
        this.configName = configName;
        this.defaultText = defaultText;
        this.apply = apply;
    }

    public String configName() {
        return configName;
    }

    /** The value used when nothing sets this field; empty when there is none (rate) or it is derived (burst). */
    public String defaultText() {
        return defaultText;
    }

    void applyTo(PolicyBuilder builder, String text) {
        apply.accept(builder, text);
    }

    /** True for the fields of the buckets themselves (a tier sets these); false for the call rules. */
    public boolean shapesBuckets() {
        return apply != null;
    }

    public static Optional<PolicyField> fromConfig(String name) {
        String wanted = name.toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(f -> f.configName.equals(wanted)).findFirst();
    }

    public static String allowedValues() {
        return Arrays.stream(values()).map(PolicyField::configName).collect(Collectors.joining(", "));
    }
}
