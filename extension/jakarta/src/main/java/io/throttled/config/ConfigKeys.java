package io.throttled.config;

/**
 * Every MicroProfile Config key the extension reads, spelled once; those of the Redis connection are in
 * {@link io.throttled.redis.RedisConfigKeys}, since the Redis layer names them too and cannot depend on this one.
 */
public final class ConfigKeys {
    public static final String POLICY_PREFIX = "throttled.policy.";
    public static final String ROUTE_PREFIX = "throttled.route.";

    public static final String KEY_PREFIX = "throttled.key-prefix";
    public static final String HEADERS = "throttled.headers";
    public static final String TRUSTED_PROXIES = "throttled.trusted-proxies";
    public static final String TRUSTED_PROXIES_HEADER = "throttled.trusted-proxies.header";
    public static final String KEY_SECRET = "throttled.key-secret";
    public static final String IPV6_PREFIX_LENGTH = "throttled.ipv6-prefix-length";
    public static final String MEMORY_MAX_BUCKETS = "throttled.memory.max-buckets";
    public static final String OVERRIDES_REREAD = "throttled.overrides.reread";
    public static final String OPENAPI = "throttled.openapi";

    public static final String REDIS_COALESCE = "throttled.redis.coalesce";
    public static final String REDIS_COALESCE_MAX_BATCH = "throttled.redis.coalesce.max-batch";
    public static final String REDIS_COALESCE_BATCHES = "throttled.redis.coalesce.batches";
    public static final String REDIS_FAILURE_MODE = "throttled.redis.failure-mode";
    public static final String REDIS_BREAKER_FAILURES = "throttled.redis.breaker.failures";
    public static final String REDIS_BREAKER_OPEN_FOR = "throttled.redis.breaker.open-for";
    public static final String OVER_LIMIT_CACHE_SIZE = "throttled.over-limit-cache.size";
    public static final String FALLBACK_REMEMBERED_KEYS = "throttled.redis.fallback.remembered-keys";
    public static final String FALLBACK_UNSEEN_SHARE = "throttled.redis.fallback.unseen-share";

    private ConfigKeys() {
    }

    /**
     * Every config key, those of the runtime overrides included: a config implementation may list its keys
     * once (SmallRye caches them), while overrides come and go at runtime.
     */
    public static Iterable<String> allKeys(org.eclipse.microprofile.config.Config config) {
        java.util.Set<String> keys = new java.util.HashSet<>();
        config.getPropertyNames().forEach(keys::add);
        keys.addAll(RuntimeOverrides.snapshot().keySet());
        return keys;
    }

    /** {@code throttled.policy.<name>.<field>}. */
    public static String policy(String name, PolicyField field) {
        return POLICY_PREFIX + name + "." + field.configName();
    }
}
