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
    // what decides the policy's calls when Redis cannot (open, closed, local); empty follows
    // throttled.redis.failure-mode. Not per tier: the failure mode is a property of what the policy protects (a login
    // fails closed whoever calls), not of the buckets a tier shapes, and a tier picked from a claim or a header must
    // not be a way to turn a closed policy open. Its tiers follow it (PolicyDeclaration.tier inherits it).
    FAILURE_MODE("failure-mode", "", PolicyBuilder::failureMode, false),
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
    private final boolean perTier;

    PolicyField(String configName, String defaultText, BiConsumer<PolicyBuilder, String> apply) {
        this(configName, defaultText, apply, apply != null);
    }

    PolicyField(String configName, String defaultText, BiConsumer<PolicyBuilder, String> apply, boolean perTier) {
        this.configName = configName;
        this.defaultText = defaultText;
        this.apply = apply;
        this.perTier = perTier;
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

    /**
     * True for the fields of the buckets themselves (a tier sets these); false for the call rules and for
     * {@code failure-mode}, which are the policy's for every tier.
     */
    public boolean shapesBuckets() {
        return apply != null && perTier;
    }

    /**
     * True for the fields the {@link io.throttled.core.Policy} itself carries: those of its buckets and its
     * {@code failure-mode}. A tier inherits each from its policy, and sets those that {@link #shapesBuckets()}.
     */
    public boolean buildsPolicy() {
        return apply != null;
    }

    /** {@return the config names of the fields a tier may set, in order} */
    public static String bucketFieldNames() {
        return Arrays.stream(values()).filter(PolicyField::shapesBuckets).map(PolicyField::configName)
                .collect(Collectors.joining(", "));
    }

    public static Optional<PolicyField> fromConfig(String name) {
        String wanted = name.toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(f -> f.configName.equals(wanted)).findFirst();
    }

    public static String allowedValues() {
        return Arrays.stream(values()).map(PolicyField::configName).collect(Collectors.joining(", "));
    }
}
