package io.throttled.memory;

import io.throttled.core.RateLimiter;
import io.throttled.core.RateLimiterContract;
import io.throttled.testing.ManualClock;

class InMemoryContractTest extends RateLimiterContract {
    @Override
    protected RateLimiter limiterOn(ManualClock clock) {
        return InMemoryRateLimiter.builder().clock(clock).build();
    }
}
