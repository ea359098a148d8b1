package io.throttled.resilience;

import static org.awaitility.Awaitility.await;

import io.throttled.core.Decision;
import io.throttled.core.Policy;
import io.throttled.core.RateLimiter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/** Threads deciding for one key until stopped, recording every decision and every exception. */
final class LoadRecorder implements AutoCloseable {
    record Call(long at, Decision decision) {
    }

    private final List<Call> calls = Collections.synchronizedList(new ArrayList<>());
    private final List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final List<Thread> threads = new ArrayList<>();
    final AtomicInteger admitted = new AtomicInteger();

    /** Each thread pauses {@code pauseMicros} between calls, so the load leaves the servers some CPU. */
    LoadRecorder(RateLimiter limiter, Policy policy, String key, int threadCount, long pauseMicros) {
        for (int t = 0; t < threadCount; t++) {
            Thread thread = new Thread(() -> {
                while (running.get()) {
                    if (pauseMicros > 0) {
                        java.util.concurrent.locks.LockSupport.parkNanos(pauseMicros * 1000);
                    }
                    try {
                        Decision d = limiter.acquire(policy, key);
                        calls.add(new Call(System.nanoTime(), d));
                        if (d.allowed()) {
                            admitted.incrementAndGet();
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                }
            }, "load-" + t);
            thread.start();
            threads.add(thread);
        }
    }

    /**
     * Waits for a decision made on Redis after this moment (nanoTime), at most until the deadline (nanoTime): a
     * failover's end is Redis' and the client's doing, with no clock of ours to drive.
     *
     * @return that decision's moment (nanoTime)
     */
    long awaitOnRedisAfter(long since, long deadline) {
        await("a decision on Redis").atMost(until(deadline)).pollInterval(Duration.ofMillis(50))
                .until(() -> firstOnRedisAfter(since) >= 0);
        return firstOnRedisAfter(since);
    }

    /** Waits, at most this long, until the load has made this many decisions on Redis after this moment (nanoTime). */
    void awaitOnRedis(int decisions, long since, Duration atMost) {
        await(decisions + " decisions on Redis").atMost(atMost).pollInterval(Duration.ofMillis(50))
                .until(() -> onRedisAfter(since) >= decisions);
    }

    /** From now to this moment (nanoTime). */
    static Duration until(long deadline) {
        return Duration.ofNanos(Math.max(1_000_000, deadline - System.nanoTime()));
    }

    private long onRedisAfter(long since) {
        synchronized (calls) {
            return calls.stream().filter(c -> c.at() > since && c.decision().origin() == Decision.Origin.STORE).count();
        }
    }

    /** The first decision made on Redis after this moment (nanoTime), or -1. */
    long firstOnRedisAfter(long since) {
        synchronized (calls) {
            return calls.stream().filter(c -> c.at() > since && c.decision().origin() == Decision.Origin.STORE)
                    .mapToLong(Call::at).min().orElse(-1);
        }
    }

    Map<Decision.Origin, Integer> origins() {
        Map<Decision.Origin, Integer> counts = new EnumMap<>(Decision.Origin.class);
        synchronized (calls) {
            calls.forEach(c -> counts.merge(c.decision().origin(), 1, Integer::sum));
        }
        return counts;
    }

    List<Throwable> failures() {
        return failures;
    }

    @Override
    public void close() throws InterruptedException {
        running.set(false);
        for (Thread t : threads) {
            t.join(30_000);
        }
    }
}
