package io.throttled.cdi;

import io.throttled.core.CachedAnswer;
import io.throttled.core.RateLimiter;
import io.throttled.redis.RedisRateLimiter;
import io.throttled.resilience.ResilientRateLimiter;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness of the limiter's Redis, registered only when the application has MicroProfile Health: DOWN
 * while Redis does not answer (every master of a cluster). Liveness is left alone: a Redis outage is no
 * reason to restart the application, whose failure mode decides meanwhile. Redis is asked at most once a second
 * per node, however often the endpoint is called: anyone may call it.
 */
@Readiness
@ApplicationScoped
public class RedisReadinessCheck implements HealthCheck {
    static final Duration ASK_AT_MOST_EVERY = Duration.ofSeconds(1);

    @Inject
    RedisBackend redis;

    @Inject
    RateLimiter limiter;

    private CachedAnswer answers;

    @PostConstruct
    void cache() {
        answers = new CachedAnswer(this::ping, ASK_AT_MOST_EVERY, System::nanoTime);
    }

    private boolean ping() {
        return limiter instanceof ResilientRateLimiter resilient ? resilient.ping()
                : limiter instanceof RedisRateLimiter plain && plain.ping();
    }

    @Override
    public HealthCheckResponse call() {
        if (!redis.isConfigured()) {
            return HealthCheckResponse.named("throttled-redis").up().withData("store", "in-memory").build();
        }
        return HealthCheckResponse.named("throttled-redis").status(answers.get())
                .withData("redis", redis.settings().describe()).build();
    }
}
