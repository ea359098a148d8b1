package io.throttled.telemetry;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.DoubleHistogramBuilder;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.trace.Span;
import io.throttled.cdi.DecisionListener;
import io.throttled.cdi.MetricNames;
import io.throttled.cdi.Outcome;
import io.throttled.cdi.RedisBackend;
import io.throttled.core.Decision;
import io.throttled.core.RateLimiter;
import io.throttled.redis.RedisCallObserver;
import io.throttled.resilience.FallbackCause;
import io.throttled.resilience.FallbackEpisodes;
import io.throttled.resilience.ResilientRateLimiter;
import jakarta.enterprise.inject.Instance;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * OpenTelemetry for the limiter, added only when the application has the OpenTelemetry API (MicroProfile
 * Telemetry): the metrics {@link MetricNames#DECISIONS}, {@link #DECISION_DURATION},
 * {@link MetricNames#REDIS_ERRORS} and {@link MetricNames#BREAKER_TRANSITIONS}, with Redis
 * {@link MetricNames#REDIS_FALLBACKS} (by {@code throttled.fallback.cause}) and {@link MetricNames#REDIS_FALLBACK_RUNNING},
 * and each decision's attributes on the current span.
 *
 * <p>Everything comes from the application's {@link OpenTelemetry}, injected, never the global instance: the
 * server gives each application its own, and ends it with the application. The instruments are synchronous but
 * for the two fallback ones, observed from the counts the limiter keeps anyway; their callbacks are removed when the
 * application stops, so nothing here holds the application once it has.
 *
 * <p>Attributes stay bounded: policy, tier and outcome names, never client keys.
 *
 * <p>Not a bean: {@link TelemetryListener}, a bean of the extension's own archive that names no OpenTelemetry type,
 * makes one when the application sees the API, and closes it with the application.
 */
public class ThrottledTelemetry implements DecisionListener, RedisCallObserver, AutoCloseable {
    static final String SCOPE = "io.throttled";
    static final String DECISION_DURATION = "throttled.decision.duration";
    static final String DENIED_EVENT = "throttled.denied";

    static final AttributeKey<String> POLICY = AttributeKey.stringKey("throttled.policy");
    static final AttributeKey<String> TIER = AttributeKey.stringKey("throttled.tier");
    static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("throttled.outcome");
    static final AttributeKey<Long> REMAINING = AttributeKey.longKey("throttled.remaining");
    static final AttributeKey<Long> RETRY_AFTER_MS = AttributeKey.longKey("throttled.retry_after_ms");
    static final AttributeKey<String> STATE = AttributeKey.stringKey("throttled.breaker.state");
    static final AttributeKey<String> CAUSE = AttributeKey.stringKey("throttled.fallback.cause");

    /** Bucket boundaries in seconds: a decision takes well under a millisecond in memory, about one on Redis. */
    private static final List<Double> DURATION_BUCKETS = List.of(0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005,
            0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0);

    private final Instance<OpenTelemetry> telemetry;
    private final RedisBackend redis;
    private final RateLimiter limiter;

    /** One attribute set per policy (tier's own name) and outcome, built once. */
    private final Map<String, Attributes> attributes = new ConcurrentHashMap<>();
    /** Redis errors and breaker transitions seen before the instruments exist, added once they do. */
    private final AtomicLong pendingErrors = new AtomicLong();
    private final Map<String, AtomicLong> pendingTransitions = new ConcurrentHashMap<>();
    private volatile Instruments instruments;
    private boolean enabled;

    private record Instruments(LongCounter decisions, DoubleHistogram duration, LongCounter errors,
                               LongCounter transitions, List<AutoCloseable> observed) {
    }

    /**
     * Listens to Redis and the breaker from the start. The instruments come later, at the first decision: Liberty
     * gives the application's OpenTelemetry only on a thread that carries the application (a request); asked while
     * the application starts, it can answer with a disabled instance, which would then stay.
     */
    private ThrottledTelemetry(Instance<OpenTelemetry> telemetry, RedisBackend redis, RateLimiter limiter) {
        this.telemetry = telemetry;
        this.redis = redis;
        this.limiter = limiter;
    }

    /**
     * The listener, listening from now on (disabled when the application has the API without an implementation).
     *
     * @param beans the application's beans, as the caller's bean archive sees them
     */
    static ThrottledTelemetry listening(Instance<Object> beans, RedisBackend redis, RateLimiter limiter) {
        ThrottledTelemetry listener = new ThrottledTelemetry(beans.select(OpenTelemetry.class), redis, limiter);
        listener.listen();
        return listener;
    }

    private void listen() {
        if (!telemetry.isResolvable()) {
            return;   // the API without an implementation: nothing to report to
        }
        enabled = true;
        if (redis.isConfigured()) {
            redis.scripting().observe(this);
        }
        if (limiter instanceof ResilientRateLimiter resilient) {
            resilient.breaker().onTransition(state -> {
                String name = state.name().toLowerCase(Locale.ROOT);
                Instruments now = instruments;
                if (now == null) {
                    pendingTransitions.computeIfAbsent(name, k -> new AtomicLong()).incrementAndGet();
                } else {
                    now.transitions().add(1, Attributes.of(STATE, name));
                }
            });
        }
    }

    private Instruments instruments() {
        Instruments now = instruments;
        if (now != null) {
            return now;
        }
        synchronized (this) {
            if (instruments == null) {
                Meter meter = telemetry.get().getMeter(SCOPE);
                Instruments created = new Instruments(
                        meter.counterBuilder(MetricNames.DECISIONS).setUnit("{decision}")
                                .setDescription("Rate-limit decisions, by policy, tier and outcome").build(),
                        durationHistogram(meter),
                        meter.counterBuilder(MetricNames.REDIS_ERRORS).setUnit("{error}")
                                .setDescription("Redis round trips that failed or timed out").build(),
                        meter.counterBuilder(MetricNames.BREAKER_TRANSITIONS).setUnit("{transition}")
                                .setDescription("Circuit breaker transitions, by the state entered").build(),
                        limiter instanceof ResilientRateLimiter resilient ? observeFallbacks(meter, resilient.episodes())
                                : List.of());
                instruments = created;
                long errors = pendingErrors.getAndSet(0);
                if (errors > 0) {
                    created.errors().add(errors);
                }
                pendingTransitions.forEach((state, count) ->
                        created.transitions().add(count.getAndSet(0), Attributes.of(STATE, state)));
            }
            return instruments;
        }
    }

    /**
     * The decision-time histogram, with bucket boundaries fit for sub-millisecond decisions where the API takes them
     * as advice (OpenTelemetry API 1.32 on). An older API (Payara 6's MicroProfile Telemetry) lacks the method: the
     * histogram then has the SDK's default boundaries, rather than a decision failing with NoSuchMethodError.
     */
    static DoubleHistogram durationHistogram(Meter meter) {
        DoubleHistogramBuilder builder = meter.histogramBuilder(DECISION_DURATION).setUnit("s")
                .setDescription("Time the limiter took to decide, by policy, tier and outcome");
        try {
            builder = builder.setExplicitBucketBoundariesAdvice(DURATION_BUCKETS);
        } catch (NoSuchMethodError olderApi) {
            // the SDK's default boundaries
        }
        return builder.build();
    }

    /**
     * Calls decided without Redis by cause, and whether an episode runs, read from the episodes when the SDK
     * collects: nothing is added to the decision's path.
     */
    private static List<AutoCloseable> observeFallbacks(Meter meter, FallbackEpisodes episodes) {
        Map<FallbackCause, Attributes> byCause = new EnumMap<>(FallbackCause.class);
        for (FallbackCause cause : FallbackCause.values()) {
            byCause.put(cause, Attributes.of(CAUSE, cause.label()));
        }
        return List.of(
                meter.counterBuilder(MetricNames.REDIS_FALLBACKS).setUnit("{decision}")
                        .setDescription("Calls a failure mode decided because Redis did not, since start, by cause")
                        .buildWithCallback(m -> byCause.forEach((cause, attributes) ->
                                m.record(episodes.decidedWithoutRedis(cause), attributes))),
                meter.gaugeBuilder(MetricNames.REDIS_FALLBACK_RUNNING).ofLongs().setUnit("1")
                        .setDescription("1 while this node decides without Redis (an episode runs), else 0")
                        .buildWithCallback(m -> m.record(episodes.running().isPresent() ? 1 : 0)));
    }

    /** The observed instruments' callbacks hold the limiter: the application's meter lets go of them here. */
    @Override
    public void close() {
        Instruments now = instruments;
        if (now == null) {
            return;
        }
        for (AutoCloseable observed : now.observed()) {
            try {
                observed.close();
            } catch (Exception e) {
                // the SDK may already be shut down with the application: nothing left to remove
            }
        }
    }

    @Override
    public void decided(Outcome outcome) {
        decided(outcome, -1);
    }

    /** Counts the decision once, records its time, and describes it on the current span. */
    @Override
    public void decided(Outcome outcome, long nanos) {
        if (!enabled) {
            return;
        }
        Instruments now = instruments();
        String label = outcome.label();
        Attributes metric = attributes.computeIfAbsent(outcome.policy().name() + '\u0000' + label,
                k -> Attributes.of(POLICY, outcome.basePolicy(), TIER, outcome.tier(), OUTCOME, label));
        now.decisions().add(1, metric);
        if (nanos >= 0) {
            now.duration().record(nanos / 1e9, metric);
        }
        annotateSpan(outcome, metric);
    }

    /**
     * The current span (the request's server span, or whatever span is current in a bean call) gets the decision:
     * a new span per decision would double a trace's size for a few numbers. With several policies on one call
     * each decision overwrites the last, and the throttler tells denials last, so the span shows the refusal;
     * an event records each denial.
     */
    private static void annotateSpan(Outcome outcome, Attributes metric) {
        Span span = Span.current();
        if (!span.isRecording()) {
            return;   // no span, or one not sampled: nothing would be exported
        }
        Decision decision = outcome.decision();
        span.setAllAttributes(metric);
        if (decision.reportsState()) {
            span.setAttribute(REMAINING, decision.remaining());
        }
        if (!decision.allowed()) {
            span.setAttribute(RETRY_AFTER_MS, decision.retryAfterMillis());
            span.addEvent(DENIED_EVENT, decision.reportsState()
                    ? metric.toBuilder().put(REMAINING, decision.remaining())
                            .put(RETRY_AFTER_MS, decision.retryAfterMillis()).build()
                    : metric);
        }
    }

    @Override
    public void succeeded(long nanos) {
        // latency is the decision histogram's; a Redis client instrumentation would measure the round trip itself
    }

    @Override
    public void failed(long nanos, RuntimeException error) {
        Instruments now = instruments;
        if (now == null) {
            pendingErrors.incrementAndGet();   // perhaps on the extension's own thread: no instruments made here
        } else {
            now.errors().add(1);
        }
    }
}
