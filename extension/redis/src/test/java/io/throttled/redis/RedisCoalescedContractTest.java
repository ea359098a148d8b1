package io.throttled.redis;

import io.throttled.core.RateLimiter;
import io.throttled.core.RateLimiterContract;
import io.throttled.testing.ManualClock;
import io.throttled.testing.redis.RedisExtension;
import io.throttled.testing.redis.TestRedis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** The contract with concurrent decisions coalesced into pipelines: batching changes round trips, not decisions. */
@ExtendWith(RedisExtension.class)
class RedisCoalescedContractTest extends RateLimiterContract {
    private static JedisScripting redis;
    private static CoalescingScripting coalesced;

    @BeforeAll
    static void connect(TestRedis server) {
        redis = server.scripting();
        coalesced = new CoalescingScripting(redis, 128, 2);
    }

    @AfterAll
    static void disconnect() {
        redis.close();
    }

    @Override
    protected RateLimiter limiterOn(ManualClock clock) {
        return TestLimiters.withoutPreload(RedisRateLimiter.builder(coalesced).clock(clock));
    }
}
