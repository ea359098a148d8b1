package io.throttled.redis;

import io.throttled.core.BucketInventoryContract;
import io.throttled.core.RateLimiter;
import io.throttled.testing.ManualClock;
import io.throttled.testing.redis.RedisConnections;
import io.throttled.testing.redis.RedisTopology;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** The inventory on one Redis server and on a 3-master Redis Cluster: SCAN and UNLINK across all three masters. */
@ParameterizedClass(name = "on the {0}")
@EnumSource(RedisTopology.class)
class RedisInventoryTest extends BucketInventoryContract {
    @RegisterExtension
    static final RedisConnections redis = new RedisConnections();

    @Parameter
    RedisTopology topology;

    @Override
    protected RateLimiter limiterOn(ManualClock clock, String keyPrefix) {
        return TestLimiters.withoutPreload(RedisRateLimiter.builder(redis.on(topology)).clock(clock).keyPrefix(keyPrefix));
    }

    @Override
    protected boolean resetsInBatches() {
        return true;
    }
}
