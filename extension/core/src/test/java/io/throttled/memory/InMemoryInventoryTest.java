package io.throttled.memory;

import io.throttled.core.BucketInventoryContract;
import io.throttled.core.RateLimiter;
import io.throttled.testing.ManualClock;

class InMemoryInventoryTest extends BucketInventoryContract {
    @Override
    protected RateLimiter limiterOn(ManualClock clock, String keyPrefix) {
        return InMemoryRateLimiter.builder().clock(clock).keyPrefix(keyPrefix).build();
    }
}
