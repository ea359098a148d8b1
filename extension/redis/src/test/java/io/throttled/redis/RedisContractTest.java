package io.throttled.redis;

import io.throttled.core.RateLimiter;
import io.throttled.core.RateLimiterContract;
import io.throttled.testing.ManualClock;
import io.throttled.testing.redis.RedisConnections;
import io.throttled.testing.redis.RedisTopology;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The contract on one Redis server and on a 3-master Redis Cluster (every key of a decision shares one slot), the
 * scripts reading the test's clock.
 */
@ParameterizedClass(name = "on the {0}")
@EnumSource(RedisTopology.class)
class RedisContractTest extends RateLimiterContract {
    @RegisterExtension
    static final RedisConnections redis = new RedisConnections();

    @Parameter
    RedisTopology topology;

    @Override
    protected RateLimiter limiterOn(ManualClock clock) {
        return TestLimiters.withoutPreload(RedisRateLimiter.builder(redis.on(topology)).clock(clock));
    }
}
