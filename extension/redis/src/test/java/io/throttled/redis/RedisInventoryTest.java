package io.throttled.redis;

import io.throttled.core.BucketInventoryContract;
import io.throttled.core.RateLimiter;
import io.throttled.testing.ManualClock;
import io.throttled.testing.redis.RedisExtension;
import io.throttled.testing.redis.TestRedis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(RedisExtension.class)
class RedisInventoryTest extends BucketInventoryContract {
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
    protected RateLimiter limiterOn(ManualClock clock, String keyPrefix) {
        return TestLimiters.withoutPreload(RedisRateLimiter.builder(redis).clock(clock).keyPrefix(keyPrefix));
    }

    @Override
    protected boolean resetsInBatches() {
        return true;
    }
}
