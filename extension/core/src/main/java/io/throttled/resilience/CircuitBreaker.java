package io.throttled.resilience;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Stops paying the Redis timeout on every call while Redis is down: after {@code failures} failed calls in a
 * row it opens, and calls take the failure mode at once; after {@code openMillis} one trial call goes to
 * Redis (half-open) while the others still take the failure mode; its success closes the breaker, its
 * failure opens it again. Each transition is logged once and told to listeners (metrics).
 */
public final class CircuitBreaker {
    private static final System.Logger LOG = System.getLogger(CircuitBreaker.class.getName());

    /** The breaker's states. */
    public enum State { CLOSED, OPEN, HALF_OPEN }

    private final int failures;
    private final long openNanos;
    private final LongSupplier nanoTime;
    private final AtomicInteger consecutiveFailures = new AtomicInteger();
    private final AtomicBoolean trialInFlight = new AtomicBoolean();
    private final List<Consumer<State>> listeners = new CopyOnWriteArrayList<>();
    private volatile State state = State.CLOSED;
    private volatile long openedAt;

    public CircuitBreaker(int failures, long openMillis, LongSupplier nanoTime) {
        if (failures < 1 || openMillis < 1) {
            throw new IllegalArgumentException("a breaker needs failures >= 1 and an open time >= 1 ms");
        }
        this.failures = failures;
        this.openNanos = openMillis * 1_000_000;
        this.nanoTime = nanoTime;
    }

    /** Whether this call may go to Redis; when it returns true, report the call's success or failure. */
    public boolean allowsCall() {
        State current = state;
        if (current == State.CLOSED) {
            return true;
        }
        if (current == State.OPEN && nanoTime.getAsLong() - openedAt >= openNanos && trialInFlight.compareAndSet(false, true)) {
            transition(State.HALF_OPEN, null);
            return true;
        }
        return false;
    }

    public void succeeded() {
        consecutiveFailures.set(0);
        if (state != State.CLOSED) {
            trialInFlight.set(false);
            transition(State.CLOSED, null);
        }
    }

    public void failed(RuntimeException cause) {
        if (state == State.HALF_OPEN) {
            openedAt = nanoTime.getAsLong();
            trialInFlight.set(false);
            transition(State.OPEN, cause);
        } else if (consecutiveFailures.incrementAndGet() >= failures && state == State.CLOSED) {
            openedAt = nanoTime.getAsLong();
            transition(State.OPEN, cause);
        }
    }

    /** How long until the next trial call, in ms (0 when closed). */
    public long millisUntilTrial() {
        if (state == State.CLOSED) {
            return 0;
        }
        return Math.max(0, (openNanos - (nanoTime.getAsLong() - openedAt)) / 1_000_000);
    }

    public State state() {
        return state;
    }

    public void onTransition(Consumer<State> listener) {
        listeners.add(listener);
    }

    private synchronized void transition(State next, RuntimeException cause) {
        State previous = state;
        if (previous == next) {
            return;
        }
        state = next;
        if (next == State.OPEN && previous == State.CLOSED) {
            LOG.log(System.Logger.Level.WARNING, "throttled: Redis failed {0} times in a row ({1}); deciding by the"
                    + " failure mode until a trial call succeeds", failures, String.valueOf(cause));
        } else if (next == State.CLOSED) {
            LOG.log(System.Logger.Level.WARNING, "throttled: Redis answers again; deciding on Redis");
        }
        listeners.forEach(l -> l.accept(next));
    }
}
