package io.throttled.redis;

import io.throttled.core.RateLimiter;
import io.throttled.core.ReservationContract;
import io.throttled.testing.ManualClock;
import io.throttled.testing.redis.RedisConnections;
import io.throttled.testing.redis.RequiresRedis;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Reservations on a 3-master Redis Cluster: the limits and the waiters of a bucket share one slot. */
@RequiresRedis(value = "7.0", reason = "max-wait reserves with PEXPIRETIME; RedisVersionSupportTest checks the error")
class RedisClusterReservationTest extends ReservationContract {
    @RegisterExtension
    static final RedisConnections redis = new RedisConnections();

    @Override
    protected RateLimiter limiterOn(ManualClock clock) {
        return TestLimiters.withoutPreload(RedisRateLimiter.builder(redis.cluster()).clock(clock));
    }
}
