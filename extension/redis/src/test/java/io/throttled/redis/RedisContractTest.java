package io.throttled.redis;

import io.throttled.core.RateLimiter;
import io.throttled.core.RateLimiterContract;
import io.throttled.testing.ManualClock;
import io.throttled.testing.redis.RedisExtension;
import io.throttled.testing.redis.TestRedis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** The contract on one Redis server, the scripts reading the test's clock. */
@ExtendWith(RedisExtension.class)
class RedisContractTest extends RateLimiterContract {
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
        return TestLimiters.withoutPreload(RedisRateLimiter.builder(redis).clock(clock));
    }
}
