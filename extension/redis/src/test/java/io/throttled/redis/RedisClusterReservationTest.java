package io.throttled.redis;

import io.throttled.core.RateLimiter;
import io.throttled.core.ReservationContract;
import io.throttled.testing.ManualClock;
import io.throttled.testing.redis.RedisClusterProcess;
import io.throttled.testing.redis.RedisExtension;
import io.throttled.testing.redis.RequiresRedis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** Reservations on a 3-master Redis Cluster: the limits and the waiters of a bucket share one slot. */
@RequiresRedis(value = "7.0", reason = "max-wait reserves with PEXPIRETIME; RedisVersionSupportTest checks the error")
@ExtendWith(RedisExtension.class)
class RedisClusterReservationTest extends ReservationContract {
    private static JedisScripting redis;

    @BeforeAll
    static void connect(RedisClusterProcess cluster) {
        redis = cluster.scripting();
    }

    @AfterAll
    static void disconnect() {
        redis.close();
    }

    @Override
    protected RateLimiter limiterOn(ManualClock clock) {
        return TestLimiters.withoutPreload(RedisRateLimiter.builder(redis).clock(clock));
    }
}
