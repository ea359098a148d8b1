package io.throttled.redis;

import io.throttled.core.RateLimiter;
import io.throttled.core.ReservationContract;
import io.throttled.testing.ManualClock;
import io.throttled.testing.redis.RedisConnections;
import io.throttled.testing.redis.RedisTopology;
import io.throttled.testing.redis.RequiresRedis;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Reservations on one Redis server and on a 3-master Redis Cluster (the limits and the waiters of a bucket share one
 * slot), the scripts reading the test's clock.
 */
@RequiresRedis(value = "7.0", reason = "max-wait reserves with PEXPIRETIME; RedisVersionSupportTest checks the error")
@ParameterizedClass(name = "on the {0}")
@EnumSource(RedisTopology.class)
class RedisReservationTest extends ReservationContract {
    @RegisterExtension
    static final RedisConnections redis = new RedisConnections();

    @Parameter
    RedisTopology topology;

    @Override
    protected RateLimiter limiterOn(ManualClock clock) {
        return RedisRateLimiter.builder(redis.on(topology)).scriptClockForTests(clock).preloadScripts(false)
                .keyPrefix("reserve:").build();
    }
}
