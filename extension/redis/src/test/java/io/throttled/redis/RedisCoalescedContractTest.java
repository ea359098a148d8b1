package io.throttled.redis;

import io.throttled.core.RateLimiter;
import io.throttled.core.RateLimiterContract;
import io.throttled.testing.ManualClock;
import io.throttled.testing.redis.RedisConnections;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The contract with concurrent decisions coalesced into pipelines: batching changes round trips, not decisions. */
class RedisCoalescedContractTest extends RateLimiterContract {
    @RegisterExtension
    static final RedisConnections redis = new RedisConnections();

    @Override
    protected RateLimiter limiterOn(ManualClock clock) {
        CoalescingScripting coalesced = new CoalescingScripting(redis.server(), 128, 2);
        return TestLimiters.withoutPreload(RedisRateLimiter.builder(coalesced).clock(clock));
    }
}
