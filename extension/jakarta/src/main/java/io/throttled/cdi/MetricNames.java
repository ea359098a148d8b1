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

    private MetricNames() {
    }
}
