package io.throttled.redis;

import io.throttled.core.RateLimiter;
import io.throttled.core.ReservationContract;
import io.throttled.testing.ManualClock;
import io.throttled.testing.redis.RedisConnections;
import io.throttled.testing.redis.RequiresRedis;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Reservations on one Redis server, the scripts reading the test's clock. Not a {@code @ParameterizedClass} like
 * {@link RedisContractTest}: a class skipped for its Redis version is reported as skipped, with the reason, only as a
 * plain class ({@link RedisClusterReservationTest} is the Cluster's).
 */
@RequiresRedis(value = "7.0", reason = "max-wait reserves with PEXPIRETIME; RedisVersionSupportTest checks the error")
class RedisReservationTest extends ReservationContract {
    @RegisterExtension
    static final RedisConnections redis = new RedisConnections();

    @Override
    protected RateLimiter limiterOn(ManualClock clock) {
        return TestLimiters.withoutPreload(RedisRateLimiter.builder(redis.server()).clock(clock).keyPrefix("reserve:"));
    }
}
