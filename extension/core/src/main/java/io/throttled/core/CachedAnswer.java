package io.throttled.core;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * A yes/no question asked at most once per interval, whatever the rate of callers: a health endpoint that anyone
 * can call must not become a way to load Redis. Callers within the interval get the last answer.
 */
public final class CachedAnswer {
    private final BooleanSupplier question;
    private final long intervalNanos;
    private final LongSupplier nanoTime;
    private boolean asked;
    private boolean answer;
    private long askedAt;

    /**
     * @param question what to ask
     * @param interval how long an answer holds
     * @param nanoTime the clock ({@code System::nanoTime})
     */
    public CachedAnswer(BooleanSupplier question, Duration interval, LongSupplier nanoTime) {
        this.question = question;
        this.intervalNanos = interval.toNanos();
        this.nanoTime = nanoTime;
    }

    /** {@return the last answer while it is fresh, else a new one (callers meanwhile wait for it)} */
    public synchronized boolean get() {
        long now = nanoTime.getAsLong();
        if (!asked || now - askedAt >= intervalNanos) {
            answer = question.getAsBoolean();
            askedAt = nanoTime.getAsLong();
            asked = true;
        }
        return answer;
    }
}
