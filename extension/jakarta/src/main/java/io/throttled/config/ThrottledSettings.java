package io.throttled.config;

import io.throttled.core.BucketKeys;
import io.throttled.core.FailureMode;
import io.throttled.key.KeyDigest;
import io.throttled.key.TrustedProxies;
import io.throttled.memory.InMemoryRateLimiter;
import io.throttled.redis.RedisConfigKeys;
import io.throttled.redis.RedisSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.eclipse.microprofile.config.Config;

/**
 * The extension's global settings, read from MicroProfile Config and checked together: every bad value is
 * reported at once, by its key.
 */
public record ThrottledSettings(
        String keyPrefix,
        Set<HeaderStyle> headers,
        TrustedProxies trustedProxies,
        KeyDigest keyDigest,
        int ipv6PrefixLength,
        long memoryMaxBuckets,
        Duration overridesReread,
        Resilience resilience,
        Coalescing coalescing,
        Optional<RedisSettings> redis,
        boolean openApi) {

    /** Whether concurrent decisions share pipelines, how large, and how many may be in flight. */
    public record Coalescing(boolean enabled, int maxBatch, int concurrentBatches) {
    }

    /**
     * What happens when Redis fails, and the over-limit cache.
     *
     * @param rememberedKeys how many keys' last Redis answers the local fallback starts from
     * @param unseenShare    the share of its burst a key without a remembered answer starts with in the local fallback
     */
    public record Resilience(FailureMode failureMode, int breakerFailures, Duration breakerOpenFor, long overLimitCacheSize,
                             long rememberedKeys, double unseenShare) {
    }

    /**
     * @throws InvalidSettingsException listing every bad setting
     */
    public static ThrottledSettings read(Config config) {
        Reader r = new Reader(config);
        String prefix = r.read(ConfigKeys.KEY_PREFIX, BucketKeys.DEFAULT_PREFIX, text -> new BucketKeys(text).prefix());
        Set<HeaderStyle> headers = r.read(ConfigKeys.HEADERS, "ietf,legacy", HeaderStyle::parse);
        String forwardingHeader = r.text(ConfigKeys.TRUSTED_PROXIES_HEADER).orElse(null);
        TrustedProxies proxies = r.read(ConfigKeys.TRUSTED_PROXIES, "", text -> TrustedProxies.parse(text, forwardingHeader));
        KeyDigest digest = r.text(ConfigKeys.KEY_SECRET).isEmpty() ? KeyDigest.unkeyed()
                : r.secret(ConfigKeys.KEY_SECRET, KeyDigest::keyed);
        Integer ipv6 = r.read(ConfigKeys.IPV6_PREFIX_LENGTH, "64", text -> r.intIn(ConfigKeys.IPV6_PREFIX_LENGTH, text, 1, 128));
        Long maxBuckets = r.read(ConfigKeys.MEMORY_MAX_BUCKETS, Long.toString(InMemoryRateLimiter.DEFAULT_MAXIMUM_SIZE),
                text -> (long) r.intIn(ConfigKeys.MEMORY_MAX_BUCKETS, text, 1, Integer.MAX_VALUE));
        Duration reread = r.read(ConfigKeys.OVERRIDES_REREAD, "2s", text -> Durations.positive(ConfigKeys.OVERRIDES_REREAD, text));
        FailureMode mode = r.read(ConfigKeys.REDIS_FAILURE_MODE, "local", FailureMode::fromConfig);
        Integer breakerFailures = r.read(ConfigKeys.REDIS_BREAKER_FAILURES, "5",
                text -> r.intIn(ConfigKeys.REDIS_BREAKER_FAILURES, text, 1, 1000));
        Duration openFor = r.read(ConfigKeys.REDIS_BREAKER_OPEN_FOR, "1s", text -> Durations.positive(ConfigKeys.REDIS_BREAKER_OPEN_FOR, text));
        Long cacheSize = r.read(ConfigKeys.OVER_LIMIT_CACHE_SIZE, "100000",
                text -> (long) r.intIn(ConfigKeys.OVER_LIMIT_CACHE_SIZE, text, 0, Integer.MAX_VALUE));
        Long remembered = r.read(ConfigKeys.FALLBACK_REMEMBERED_KEYS, "100000",
                text -> (long) r.intIn(ConfigKeys.FALLBACK_REMEMBERED_KEYS, text, 0, Integer.MAX_VALUE));
        Double unseen = r.read(ConfigKeys.FALLBACK_UNSEEN_SHARE, "1", ThrottledSettings::share);
        Boolean coalesce = r.read(ConfigKeys.REDIS_COALESCE, "true", Reader::bool);
        Integer maxBatch = r.read(ConfigKeys.REDIS_COALESCE_MAX_BATCH, "128",
                text -> r.intIn(ConfigKeys.REDIS_COALESCE_MAX_BATCH, text, 1, 10_000));
        Integer batches = r.read(ConfigKeys.REDIS_COALESCE_BATCHES, "2",
                text -> r.intIn(ConfigKeys.REDIS_COALESCE_BATCHES, text, 1, 1_000));
        Optional<RedisSettings> redis = r.redis();
        Boolean openApi = r.read(ConfigKeys.OPENAPI, "true", Reader::bool);
        if (!r.problems.isEmpty()) {
            throw new InvalidSettingsException(r.problems);
        }
        return new ThrottledSettings(prefix, headers, proxies, digest, ipv6, maxBuckets, reread,
                new Resilience(mode, breakerFailures, openFor, cacheSize, remembered, unseen), new Coalescing(coalesce, maxBatch, batches), redis,
                openApi);
    }

    /** A share from 0 to 1, such as {@code 0.5}. */
    private static double share(String text) {
        double value;
        try {
            value = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("is not a number; allowed: a share from 0 to 1, such as 0.5");
        }
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException("is outside the allowed range 0 to 1 (a share of the burst, such as 0.5)");
        }
        return value;
    }

    /** Reads values, collecting problems instead of stopping at the first. */
    private static final class Reader {
        private final Config config;
        private final List<String> problems = new ArrayList<>();

        Reader(Config config) {
            this.config = config;
        }

        Optional<String> text(String key) {
            return config.getOptionalValue(key, String.class).map(String::trim).filter(v -> !v.isEmpty());
        }

        <T> T read(String key, String defaultText, Function<String, T> parse) {
            String text = text(key).orElse(defaultText);
            try {
                return parse.apply(text);
            } catch (IllegalArgumentException e) {
                String message = e.getMessage() == null ? "" : e.getMessage();
                problems.add(message.startsWith(key) ? message : key + "='" + text + "': " + message);
                return null;
            }
        }

        /** A secret's setting: its problems are reported without its value. */
        <T> T secret(String key, Function<String, T> parse) {
            try {
                return parse.apply(text(key).orElseThrow());
            } catch (IllegalArgumentException e) {
                String message = e.getMessage() == null ? "is not valid" : e.getMessage();
                problems.add(message.startsWith(key) ? message : key + ": " + message);
                return null;
            }
        }

        int intIn(String key, String text, int min, int max) {
            try {
                int value = Integer.parseInt(text.trim());
                if (value >= min && value <= max) {
                    return value;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException(key + "='" + text + "' must be a whole number from " + min + " to " + max);
        }

        Optional<RedisSettings> redis() {
            Optional<String> url = text(RedisConfigKeys.URL);
            Optional<String> cluster = text(RedisConfigKeys.CLUSTER);
            Optional<String> master = text(RedisConfigKeys.SENTINEL_MASTER);
            if (url.isEmpty() && cluster.isEmpty() && master.isEmpty()) {
                for (String key : List.of(RedisConfigKeys.PASSWORD, RedisConfigKeys.USERNAME,
                        RedisConfigKeys.SENTINEL_NODES, RedisConfigKeys.TLS, RedisConfigKeys.DATABASE)) {
                    if (text(key).isPresent()) {
                        problems.add(key + " is set, but no Redis is: set " + RedisConfigKeys.URL + ", "
                                + RedisConfigKeys.CLUSTER + " or " + RedisConfigKeys.SENTINEL_MASTER
                                + " (without them every node decides alone, in memory)");
                    }
                }
                return Optional.empty();
            }
            RedisSettings.Builder b = RedisSettings.builder();
            // each topology from its own keys (RedisSettings names the conflict when more than one is set), then
            // what every topology has: how to log in, and the timeouts and pool
            url.ifPresent(b::url);
            cluster.ifPresent(b::cluster);
            master.ifPresent(name -> sentinel(b, name));
            access(b);
            if (!limits(b)) {
                return Optional.empty();   // the problems are recorded already
            }
            try {
                return Optional.of(b.build());
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
                return Optional.empty();
            }
        }

        private void sentinel(RedisSettings.Builder b, String master) {
            b.sentinel(master, text(RedisConfigKeys.SENTINEL_NODES).orElse(null));
            Optional<String> user = text(RedisConfigKeys.SENTINEL_USERNAME);
            Optional<String> password = text(RedisConfigKeys.SENTINEL_PASSWORD);
            if (user.isPresent() || password.isPresent()) {
                b.sentinelCredentials(user.orElse(null), password.orElse(null));
            }
        }

        private void access(RedisSettings.Builder b) {
            text(RedisConfigKeys.USERNAME).ifPresent(b::username);
            text(RedisConfigKeys.PASSWORD).ifPresent(b::password);
            Integer database = read(RedisConfigKeys.DATABASE, "0", v -> intIn(RedisConfigKeys.DATABASE, v, 0, 1 << 20));
            if (database != null && database != 0) {
                b.database(database);
            }
            Boolean tls = read(RedisConfigKeys.TLS, "false", Reader::bool);
            b.tls(Boolean.TRUE.equals(tls));
            text(RedisConfigKeys.TRUSTSTORE).ifPresent(path -> b.truststore(Path.of(path),
                    text(RedisConfigKeys.TRUSTSTORE_PASSWORD).orElse(null),
                    text(RedisConfigKeys.TRUSTSTORE_TYPE).orElse("PKCS12")));
        }

        /** Whether every timeout and pool setting could be read (the problems of those that could not recorded). */
        private boolean limits(RedisSettings.Builder b) {
            Duration connect = duration(RedisConfigKeys.CONNECT_TIMEOUT, "500ms");
            Duration timeout = duration(RedisConfigKeys.TIMEOUT, "200ms");
            Integer maxTotal = read(RedisConfigKeys.POOL_MAX_TOTAL, "32",
                    v -> intIn(RedisConfigKeys.POOL_MAX_TOTAL, v, 1, 10_000));
            Integer maxIdle = read(RedisConfigKeys.POOL_MAX_IDLE, maxTotal == null ? "32" : maxTotal.toString(),
                    v -> intIn(RedisConfigKeys.POOL_MAX_IDLE, v, 0, 10_000));
            Integer minIdle = read(RedisConfigKeys.POOL_MIN_IDLE, "0",
                    v -> intIn(RedisConfigKeys.POOL_MIN_IDLE, v, 0, 10_000));
            Duration maxWait = duration(RedisConfigKeys.POOL_MAX_WAIT, "50ms");
            Duration idlePing = duration(RedisConfigKeys.POOL_IDLE_PING, "30s");
            if (connect == null || timeout == null || maxTotal == null || maxIdle == null || minIdle == null
                    || maxWait == null || idlePing == null) {
                return false;
            }
            b.connectTimeout(connect).commandTimeout(timeout)
                    .pool(maxTotal, maxIdle, minIdle, maxWait).idlePing(idlePing);
            return true;
        }

        private Duration duration(String key, String defaultText) {
            return read(key, defaultText, v -> Durations.parse(key, v));
        }

        private static Boolean bool(String text) {
            return switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
                case "true" -> true;
                case "false" -> false;
                default -> throw new IllegalArgumentException("must be true or false");
            };
        }
    }
}
