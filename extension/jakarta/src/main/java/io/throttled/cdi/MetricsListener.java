package io.throttled.cdi;

import io.throttled.core.RateLimiter;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

/**
 * MicroProfile Metrics for the limiter when the application sees the API ({@link ThrottledMetrics}), else nothing.
 *
 * <p>A bean of the extension's own bean archive (discovered by its scope, like every bean of the extension), which
 * names no MicroProfile Metrics type, so that it deploys on a server without the API too; it makes the listener
 * that does. Not a type an extension adds at {@code BeforeBeanDiscovery}: Payara Server (and Payara Micro) put such
 * a type, unknown to every scanned archive, into a bean archive of its own that sees no other one, so its injection
 * points (the backend, the limiter) were unsatisfied and the application did not deploy.
 */
@ApplicationScoped
public class MetricsListener implements DecisionListener {
    static final String API = "org.eclipse.microprofile.metrics.MetricRegistry";

    @Inject
    Instance<Object> beans;

    @Inject
    RedisBackend redis;

    @Inject
    RateLimiter limiter;

    /** A {@link ThrottledMetrics}; typed by the interface so that this class loads without the API. */
    private DecisionListener metrics;

    @PostConstruct
    void register() {
        if (ThrottledExtension.available(API)) {
            metrics = ThrottledMetrics.registered(beans, redis, limiter);
        }
    }

    /** Whether decisions are counted (the application has MicroProfile Metrics and an implementation of it). */
    boolean counting() {
        return metrics != null;
    }

    @Override
    public void decided(Outcome outcome) {
        if (metrics != null) {
            metrics.decided(outcome);
        }
    }
}
