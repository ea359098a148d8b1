package io.throttled.cdi;

import io.throttled.core.AsyncRateLimiter;
import io.throttled.core.RateLimiter;
import io.throttled.resilience.ResilientRateLimiter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.BeforeDestroyed;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;

/**
 * Starts the extension with the application and stops it with the application.
 *
 * <p>At start it builds the limiter (it connects to Redis and loads the scripts then, and says in the log
 * where it decides, instead of making the first request wait for it) and reads the runtime overrides
 * before the first request is decided.
 *
 * <p>At stop, before any bean is destroyed, it closes what the extension opened in the order they depend
 * on each other: the asynchronous waits (each gives its slot back, on Redis) and the extension's own timer
 * thread, the token leases (their timer thread; leases still out are given back), the change feed and the periodic re-read first (their threads use the Redis client, and a
 * connection still borrowed when the pool closes would never be closed), then the client and its pool. A
 * redeployed application must leave no thread, connection or class loader behind.
 */
@ApplicationScoped
public class ThrottledLifecycle {

    void start(@Observes @Initialized(ApplicationScoped.class) Object started, Throttler throttler, OverrideSync overrides,
               AsyncRateLimiter async) {
        throttler.limiter();
        async.limiter();   // finds the container's scheduler now, on an application thread (java:comp)
        overrides.reload();
    }

    void stop(@Observes @BeforeDestroyed(ApplicationScoped.class) Object stopping, OverrideSync overrides,
              RedisBackend redis, AsyncRateLimiter async, PermitScheduler scheduler, RateLimiter limiter) {
        try {
            async.close();       // ends the waits, giving their slots back: needs the client still open
            scheduler.close();   // then the extension's own timer thread, if it has one
            if (limiter instanceof ResilientRateLimiter resilient) {
                resilient.closeLeases();   // the lease timer, and the leases still out given back
            }
            overrides.close();
        } finally {
            redis.close();
        }
    }
}
