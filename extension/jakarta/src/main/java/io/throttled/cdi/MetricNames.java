package io.throttled.cdi;

/**
 * The names of the metrics the limiter publishes both in MicroProfile Metrics ({@link ThrottledMetrics}) and in
 * OpenTelemetry (the telemetry package's listener), so that a dashboard reads them alike from either.
 */
public final class MetricNames {
    /** Decisions, by policy, tier and outcome. */
    public static final String DECISIONS = "throttled.decisions";
    /** Calls to Redis that failed. */
    public static final String REDIS_ERRORS = "throttled.redis.errors";
    /** The circuit breaker's changes of state. */
    public static final String BREAKER_TRANSITIONS = "throttled.redis.breaker.transitions";
    /** Calls a failure mode decided because Redis did not, since start, by cause. */
    public static final String REDIS_FALLBACKS = "throttled.redis.fallbacks";
    /** 1 while an episode of decisions without Redis runs on this node, else 0. */
    public static final String REDIS_FALLBACK_RUNNING = "throttled.redis.fallback.running";

    private MetricNames() {
    }
}
