package io.throttled.core;

import io.throttled.testing.ManualClock;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;

/**
 * What a contract on one key starts each test with: a fresh clock ahead of real time, the store's limiter on it, and a
 * key no other test of the run has used.
 */
public abstract class TimelineContract {
    private static final AtomicInteger KEYS = new AtomicInteger();

    private final String keyStem;
    protected ManualClock clock;
    RateLimiter limiter;
    String key;

    /** Keys are {@code keyStem} and a number. */
    TimelineContract(String keyStem) {
        this.keyStem = keyStem;
    }

    /** A limiter whose time is {@code clock} (for Redis: sent to the scripts). */
    protected abstract RateLimiter limiterOn(ManualClock clock);

    @BeforeEach
    void freshTimeline() {
        clock = ManualClock.aheadOfRealTime();
        limiter = limiterOn(clock);
        key = keyStem + KEYS.incrementAndGet();
    }
}
