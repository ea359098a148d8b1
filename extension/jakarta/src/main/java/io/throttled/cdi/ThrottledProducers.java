package io.throttled.cdi;

import io.throttled.config.ConfigKeys;
import io.throttled.config.LocalOverrideStore;
import io.throttled.core.OverrideStore;
import io.throttled.config.PolicyRegistry;
import io.throttled.config.ThrottledSettings;
import io.throttled.core.AsyncRateLimiter;
import io.throttled.core.RateLimiter;
import io.throttled.key.ClientIpResolver;
import io.throttled.lease.LeasingRateLimiter;
import io.throttled.key.KeyResolution;
import io.throttled.key.KeyResolver;
import io.throttled.key.TierResolver;
import io.throttled.config.RouteRegistry;
import io.throttled.config.StoredOverrides;
import io.throttled.memory.InMemoryRateLimiter;
import io.throttled.redis.RedisConfigKeys;
import io.throttled.redis.RedisOverrideStore;
import io.throttled.resilience.CircuitBreaker;
import io.throttled.redis.CoalescingScripting;
import io.throttled.redis.JedisKeyspace;
import io.throttled.redis.RedisScripting;
import io.throttled.resilience.OverLimitCache;
import io.throttled.redis.RedisRateLimiter;
import io.throttled.resilience.ResilientRateLimiter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.ConfigProvider;

/** Builds the extension's objects once per application, from MicroProfile Config. */
@ApplicationScoped
public class ThrottledProducers {
    private static final System.Logger LOG = System.getLogger(ThrottledProducers.class.getName());

    @Produces
    @Singleton
    ThrottledSettings settings() {
        return ThrottledSettings.read(ConfigProvider.getConfig());
    }

    @Produces
    @Singleton
    RedisBackend redis(ThrottledSettings settings) {
        return RedisBackend.of(settings.redis());
    }

    void close(@Disposes RedisBackend redis) {
        redis.close();
    }

    /**
     * Redis when configured, with the failure mode, circuit breaker and over-limit cache around it;
     * otherwise this JVM alone, which the log says once.
     */
    @Produces
    @Singleton
    RateLimiter rateLimiter(ThrottledSettings settings, RedisBackend redis, OverrideSync notices) {
        InMemoryRateLimiter memory = InMemoryRateLimiter.builder().keyPrefix(settings.keyPrefix())
                .maximumSize(settings.memoryMaxBuckets()).build();
        if (!redis.isConfigured()) {
            LOG.log(System.Logger.Level.WARNING, "throttled: no Redis configured (" + RedisConfigKeys.URL + ", "
                    + RedisConfigKeys.CLUSTER + " or " + RedisConfigKeys.SENTINEL_MASTER
                    + "): every node decides alone, in memory");
            return memory;
        }
        ThrottledSettings.Resilience r = settings.resilience();
        LOG.log(System.Logger.Level.INFO, "throttled: deciding on {0}; when it fails: {1} (unless a policy sets its own failure-mode)",
                redis.settings().describe(), r.failureMode().configName());
        // the backend owns the connection and closes it
        ThrottledSettings.Coalescing c = settings.coalescing();
        RedisScripting scripts = c.enabled()
                ? new CoalescingScripting(redis.scripting(), c.maxBatch(), c.concurrentBatches()) : redis.scripting();
        RedisRateLimiter onRedis = RedisRateLimiter.builder(scripts).keyspace(new JedisKeyspace(redis.client()))
                .keyPrefix(settings.keyPrefix()).build();
        // token leases for policies with lease=auto; its timer thread starts with the first lease
        ResilientRateLimiter limiter = ResilientRateLimiter.builder(onRedis).failureMode(r.failureMode()).local(memory)
                .breaker(new CircuitBreaker(r.breakerFailures(), r.breakerOpenFor().toMillis(), System::nanoTime))
                .overLimitCache(r.overLimitCacheSize() == 0 ? null : new OverLimitCache(r.overLimitCacheSize(), System::nanoTime))
                .leasing(LeasingRateLimiter.on(onRedis, onRedis))
                .timeoutMillis(redis.settings().commandTimeout().toMillis())
                .rememberedKeys(r.rememberedKeys()).unseenShare(r.unseenShare()).build();
        notices.onNotice(notice -> forgetOnNotice(limiter, notice));
        return limiter;
    }

    /**
     * Every node drops what it remembers of buckets an operator reset (denials and leases), and everything when
     * policies change.
     */
    static void forgetOnNotice(ResilientRateLimiter limiter, String notice) {
        limiter.onNotice(notice);
    }

    @Produces
    @Singleton
    OverrideSync overrides(ThrottledSettings settings, RedisBackend redis, PolicyRegistry policies, RouteRegistry routes) {
        OverrideStore store = redis.isConfigured()
                ? new RedisOverrideStore(redis.client(), redis.scripting(), settings.keyPrefix())
                : new LocalOverrideStore();
        return new OverrideSync(store, settings.overridesReread(), new StoredOverrides(policies, routes)::admit);
    }

    void close(@Disposes OverrideSync sync) {
        sync.close();
    }

    @Produces
    @Singleton
    PolicyRegistry policies(ThrottledExtension extension) {
        return new PolicyRegistry(ConfigProvider.getConfig(), extension.declarations());
    }

    @Produces
    @Singleton
    KeyResolution keys(ThrottledSettings settings, Instance<KeyResolver> resolvers, BeanManager beans,
                       ThrottledExtension extension) {
        Map<String, KeyResolver> byName = new ConcurrentHashMap<>();
        ClientIpResolver ips = new ClientIpResolver(settings.trustedProxies(), settings.ipv6PrefixLength());
        if (!settings.keyDigest().isKeyed()) {
            LOG.log(System.Logger.Level.INFO, "throttled: keys from request headers (key=header:...) are stored as"
                    + " SHA-256 digests, never in clear; set " + ConfigKeys.KEY_SECRET + " (the same on every node) to store"
                    + " them as HMACs, against which a reader of Redis cannot test guesses");
        }
        return new KeyResolution(ips, name -> byName.computeIfAbsent(name,
                n -> NamedBeans.get(resolvers, beans, extension, KeyResolver.class, n)), settings.keyDigest());
    }

    @Produces
    @Singleton
    CallPlanner planner(KeyResolution keys, Instance<TierResolver> resolvers, BeanManager beans,
                        ThrottledExtension extension) {
        Map<String, TierResolver> byName = new ConcurrentHashMap<>();
        return new CallPlanner(keys, name -> byName.computeIfAbsent(name,
                n -> NamedBeans.get(resolvers, beans, extension, TierResolver.class, n)));
    }

    @Produces
    @Singleton
    RouteRegistry routes(ThrottledExtension extension) {
        return new RouteRegistry(ConfigProvider.getConfig(), extension.applicationPath());
    }

    @Produces
    @Singleton
    PermitScheduler permitScheduler() {
        return PermitScheduler.find();
    }

    void close(@Disposes PermitScheduler scheduler) {
        scheduler.close();
    }

    /** Waits without a thread, for {@code CompletionStage} methods and for programmatic use. */
    @Produces
    @Singleton
    AsyncRateLimiter asyncRateLimiter(RateLimiter limiter, PermitScheduler scheduler) {
        return AsyncRateLimiter.on(limiter, scheduler.executor());
    }

    void close(@Disposes AsyncRateLimiter async) {
        async.close();
    }

    @Produces
    @Singleton
    Throttler throttler(PolicyRegistry policies, CallPlanner planner, RateLimiter limiter,
                        Instance<DecisionListener> listeners) {
        return new Throttler(policies, planner, limiter, new ShadowLog(), listeners);
    }
}
