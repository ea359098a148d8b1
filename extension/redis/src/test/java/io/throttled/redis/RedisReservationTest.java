package io.throttled.redis;

import io.throttled.core.RateLimiter;
import io.throttled.core.ReservationContract;
import io.throttled.testing.ManualClock;
import io.throttled.testing.redis.RedisExtension;
import io.throttled.testing.redis.RequiresRedis;
import io.throttled.testing.redis.TestRedis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** Reservations on one Redis server, the scripts reading the test's clock. */
@RequiresRedis(value = "7.0", reason = "max-wait reserves with PEXPIRETIME; RedisVersionSupportTest checks the error")
@ExtendWith(RedisExtension.class)
class RedisReservationTest extends ReservationContract {
    private static JedisScripting redis;

    @BeforeAll
    static void connect(TestRedis server) {
        redis = server.scripting();
    }

    @AfterAll
    static void disconnect() {
        redis.close();
    }

    @Override
    protected RateLimiter limiterOn(ManualClock clock) {
        return TestLimiters.withoutPreload(RedisRateLimiter.builder(redis).clock(clock)
                .keyPrefix("reserve:"));
    }
}
