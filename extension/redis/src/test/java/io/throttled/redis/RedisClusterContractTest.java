package io.throttled.redis;

import io.throttled.core.RateLimiter;
import io.throttled.core.RateLimiterContract;
import io.throttled.testing.ManualClock;
import io.throttled.testing.redis.RedisClusterProcess;
import io.throttled.testing.redis.RedisExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** The contract on a 3-master Redis Cluster: every key of a decision shares one slot. */
@ExtendWith(RedisExtension.class)
class RedisClusterContractTest extends RateLimiterContract {
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
