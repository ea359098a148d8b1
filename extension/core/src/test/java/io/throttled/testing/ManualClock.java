package io.throttled.testing;

import io.throttled.core.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/** A clock that moves only when told to, so a test reads as a timeline. */
public final class ManualClock implements Clock {
    private final AtomicLong micros;

    public ManualClock(long startMicros) {
        this.micros = new AtomicLong(startMicros);
    }

    /**
     * A clock a year ahead of now, at the start of an hour (so clock-aligned windows up to an hour start
     * with the test): keys written with it expire, in Redis' real time, long after the test, so only the
     * test's timeline decides.
     */
    public static ManualClock aheadOfRealTime() {
        long hour = Duration.ofHours(1).toNanos() / 1000;
        long now = Clock.system().nowMicros() + Duration.ofDays(365).toNanos() / 1000;
        return new ManualClock(now - now % hour);
    }

    @Override
    public long nowMicros() {
        return micros.get();
    }

    public ManualClock advance(Duration by) {
        micros.addAndGet(by.toNanos() / 1000);
        return this;
    }

    public ManualClock advanceMillis(long millis) {
        micros.addAndGet(millis * 1000);
        return this;
    }

    public ManualClock advanceMicros(long value) {
        micros.addAndGet(value);
        return this;
    }

    public void setMicros(long value) {
        micros.set(value);
    }
}
