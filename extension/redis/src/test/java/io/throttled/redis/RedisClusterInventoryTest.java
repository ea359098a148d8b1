package io.throttled.redis;

import io.throttled.core.BucketInventoryContract;
import io.throttled.core.RateLimiter;
import io.throttled.testing.ManualClock;
import io.throttled.testing.redis.RedisClusterProcess;
import io.throttled.testing.redis.RedisExtension;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** SCAN and UNLINK across all three masters. */
@ExtendWith(RedisExtension.class)
class RedisClusterInventoryTest extends BucketInventoryContract {
    private static JedisScripting redis;

    @BeforeAll
    static void connect(RedisClusterProcess cluster) {
        redis = RedisConnections.scripting(RedisSettings.builder().cluster(cluster.seedList())
                .commandTimeout(Duration.ofSeconds(5)).build());
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
