package io.throttled.telemetry;

import io.throttled.cdi.DecisionListener;
import io.throttled.cdi.Outcome;
import io.throttled.cdi.RedisBackend;
import io.throttled.cdi.ThrottledExtension;
import io.throttled.core.RateLimiter;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

/**
 * OpenTelemetry for the limiter when the application sees the OpenTelemetry API ({@link ThrottledTelemetry}),
 * beside the MicroProfile Metrics one: each counts every decision once, in its own system. Else nothing.
 *
 * <p>A bean of the extension's own bean archive that names no OpenTelemetry type, so that it deploys without the
 * API too (see {@link io.throttled.cdi.MetricsListener} for why it is not a type an extension adds).
 */
@ApplicationScoped
public class TelemetryListener implements DecisionListener {
    static final String API = "io.opentelemetry.api.OpenTelemetry";

    @Inject
    Instance<Object> beans;

    @Inject
    RedisBackend redis;

    @Inject
    RateLimiter limiter;

    /** A {@link ThrottledTelemetry}; typed by the interface so that this class loads without the API. */
    private DecisionListener telemetry;

    @PostConstruct
    void listen() {
        if (ThrottledExtension.available(API)) {
            telemetry = ThrottledTelemetry.listening(beans, redis, limiter);
        }
    }

    /** Created with the application, not at its first decision: that decision's Redis call is observed too. */
    void started(@Observes @Initialized(ApplicationScoped.class) Object event) {
    }

    @Override
    public void decided(Outcome outcome) {
        if (telemetry != null) {
            telemetry.decided(outcome);
        }
    }

    @Override
    public void decided(Outcome outcome, long nanos) {
        if (telemetry != null) {
            telemetry.decided(outcome, nanos);
        }
    }

    /** The observed instruments' callbacks hold the limiter: the application's meter lets go of them here. */
    @PreDestroy
    void stop() {   // a lifecycle method may throw no checked exception (Payara refuses the deployment)
        if (telemetry instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                // ThrottledTelemetry.close throws none
            }
        }
    }
}
