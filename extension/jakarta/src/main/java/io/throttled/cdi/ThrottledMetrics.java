package io.throttled.cdi;

import io.throttled.core.RateLimiter;
import io.throttled.memory.InMemoryRateLimiter;
import io.throttled.redis.RedisCallObserver;
import io.throttled.resilience.FallbackCause;
import io.throttled.resilience.FallbackEpisodes;
import io.throttled.resilience.ResilientRateLimiter;
import jakarta.enterprise.inject.Instance;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;
import org.eclipse.microprofile.metrics.Timer;

/**
 * MicroProfile Metrics for the limiter, registered only when the application has MicroProfile Metrics:
 * {@code throttled.decisions} by policy, tier ({@code default} for a policy's own buckets) and outcome ({@code allowed}, {@code denied},
 * {@code shadow_denied}, {@code decided_without_redis}), {@code throttled.redis.latency} and
 * {@code throttled.redis.errors}, {@code throttled.redis.breaker.transitions} by state, and with Redis the gauges
 * {@code throttled.redis.fallbacks} (calls decided without Redis since start, by {@code cause}: {@code timeout},
 * {@code connection}, {@code breaker_open}) and {@code throttled.redis.fallback.running} (1 while an episode runs).
 * Tags stay bounded: policy names and causes, never client keys.
 *
 * <p>Not a bean: {@link MetricsListener}, a bean of the extension's own archive that names no MicroProfile Metrics
 * type, makes one when the application sees the API (see there why).
 */
public class ThrottledMetrics implements DecisionListener, RedisCallObserver {
    static final String REDIS_LATENCY = "throttled.redis.latency";
    static final String MEMORY_EVICTIONS = "throttled.memory.evictions";

    private final RedisBackend redis;
    private final RateLimiter limiter;

    /** Policy name, then outcome label: both strings hash once, so counting a decision allocates nothing. */
    private final Map<String, Map<String, Counter>> decisions = new ConcurrentHashMap<>();
    private MetricRegistry registry;
    private Timer latency;
    private Counter errors;

    private ThrottledMetrics(RedisBackend redis, RateLimiter limiter) {
        this.redis = redis;
        this.limiter = limiter;
    }

    /**
     * The listener, registered in the application's metric registry, or null when the application has the API
     * without an implementation (nothing to report to).
     *
     * @param beans the application's beans, as the caller's bean archive sees them
     */
    static ThrottledMetrics registered(Instance<Object> beans, RedisBackend redis, RateLimiter limiter) {
        Instance<MetricRegistry> registries = beans.select(MetricRegistry.class);
        if (!registries.isResolvable()) {
            return null;
        }
        ThrottledMetrics metrics = new ThrottledMetrics(redis, limiter);
        metrics.register(registries.get());
        return metrics;
    }

    private void register(MetricRegistry registry) {
        this.registry = registry;
        latency = registry.timer(Metadata.builder().withName(REDIS_LATENCY)
                .withDescription("Time of each Redis round trip the limiter makes").build());
        errors = registry.counter(Metadata.builder().withName(MetricNames.REDIS_ERRORS)
                .withDescription("Redis round trips that failed or timed out").build());
        if (redis.isConfigured()) {
            redis.scripting().observe(this);
        }
        InMemoryRateLimiter memory = inMemory(limiter);
        if (memory != null) {
            registry.gauge(Metadata.builder().withName(MEMORY_EVICTIONS).withDescription("Buckets the in-JVM store dropped"
                    + " to stay within throttled.memory.max-buckets since start (each starts full again)").build(),
                    memory, InMemoryRateLimiter::evictions);
        }
        if (limiter instanceof ResilientRateLimiter resilient) {
            Metadata transitions = Metadata.builder().withName(MetricNames.BREAKER_TRANSITIONS)
                    .withDescription("Circuit breaker transitions, by the state entered").build();
            resilient.breaker().onTransition(state -> registry.counter(transitions,
                    new Tag("state", state.name().toLowerCase(java.util.Locale.ROOT))).inc());
            registerFallbacks(resilient.episodes());
        }
    }

    /**
     * Gauges read from the episodes when scraped: the counts by cause live there already, so a decision without Redis
     * costs nothing more here. Gauges rather than counters: MicroProfile Metrics has no counter read from a function.
     */
    private void registerFallbacks(FallbackEpisodes episodes) {
        Metadata fallbacks = Metadata.builder().withName(MetricNames.REDIS_FALLBACKS)
                .withDescription("Calls a failure mode decided because Redis did not, since start, by cause").build();
        for (FallbackCause cause : FallbackCause.values()) {
            registry.gauge(fallbacks, episodes, e -> e.decidedWithoutRedis(cause), new Tag("cause", cause.label()));
        }
        registry.gauge(Metadata.builder().withName(MetricNames.REDIS_FALLBACK_RUNNING)
                        .withDescription("1 while this node decides without Redis (an episode runs), else 0").build(),
                episodes, e -> e.running().isPresent() ? 1 : 0);
    }

    /** The in-JVM store that decides: the limiter itself without Redis, else the local fallback. */
    static InMemoryRateLimiter inMemory(RateLimiter limiter) {
        if (limiter instanceof InMemoryRateLimiter memory) {
            return memory;
        }
        return limiter instanceof ResilientRateLimiter resilient && resilient.local() instanceof InMemoryRateLimiter local
                ? local : null;
    }

    @Override
    public void decided(Outcome outcome) {
        if (registry == null) {
            return;
        }
        String label = outcome.label();
        Map<String, Counter> byLabel = decisions.get(outcome.policy().name());
        Counter counter = byLabel == null ? null : byLabel.get(label);
        if (counter == null) {
            counter = decisions.computeIfAbsent(outcome.policy().name(), p -> new ConcurrentHashMap<>())
                    .computeIfAbsent(label, l -> register(outcome, l));
        }
        counter.inc();
    }

    /** A tier's decisions count under its policy's name, with the tier as a tag of its own. */
    private Counter register(Outcome outcome, String label) {
        return registry.counter(Metadata.builder().withName(MetricNames.DECISIONS)
                        .withDescription("Rate-limit decisions, by policy, tier and outcome").build(),
                new Tag("policy", outcome.basePolicy()), new Tag("tier", outcome.tier()), new Tag("outcome", label));
    }

    @Override
    public void succeeded(long nanos) {
        latency.update(Duration.ofNanos(nanos));
    }

    @Override
    public void failed(long nanos, RuntimeException error) {
        latency.update(Duration.ofNanos(nanos));
        errors.inc();
    }
}
