package io.throttled.cdi;

import io.throttled.core.RateLimiter;
import io.throttled.redis.RedisRateLimiter;
import io.throttled.redis.ResilientRateLimiter;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness of the limiter's Redis, registered only when the application has MicroProfile Health: DOWN
 * while Redis does not answer (every master of a cluster). Liveness is left alone: a Redis outage is no
 * reason to restart the application, whose failure mode decides meanwhile.
 */
@Readiness
public class RedisReadinessCheck implements HealthCheck {
    @Inject
    RedisBackend redis;

    @Inject
    RateLimiter limiter;

    @Override
    public HealthCheckResponse call() {
        if (!redis.isConfigured()) {
            return HealthCheckResponse.named("throttled-redis").up().withData("store", "in-memory").build();
        }
        boolean answers = limiter instanceof ResilientRateLimiter resilient ? resilient.ping()
                : limiter instanceof RedisRateLimiter plain && plain.ping();
        return HealthCheckResponse.named("throttled-redis").status(answers)
                .withData("redis", redis.settings().describe()).build();
    }
}
