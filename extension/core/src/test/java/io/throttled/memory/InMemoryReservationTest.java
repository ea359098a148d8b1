package io.throttled.memory;

import io.throttled.core.RateLimiter;
import io.throttled.core.ReservationContract;
import io.throttled.testing.ManualClock;

class InMemoryReservationTest extends ReservationContract {
    @Override
    protected RateLimiter limiterOn(ManualClock clock) {
        return InMemoryRateLimiter.builder().clock(clock).build();
    }
}
