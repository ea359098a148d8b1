package io.throttled.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;
import org.HdrHistogram.Histogram;

/**
 * Calls at a steady rate, well below what the target can take, so latencies show what each call costs
 * rather than how long it queued. Each thread calls on a fixed schedule. When a slow reply made the next
 * call late, that call's latency counts from when it was due (no coordinated omission); otherwise from
 * when it was sent, so the driver's own late wake-ups are not charged to the target. Latencies in µs.
 */
final class Paced {
    private Paced() {
    }

    /** One thread's calls; closed at the end. */
    interface Caller extends AutoCloseable {
        void call() throws Exception;

        @Override
        default void close() throws Exception {
        }
    }

    static Histogram run(int threads, int perSecond, Duration time, IntFunction<Caller> callers) {
        long interval = 1_000_000_000L * threads / perSecond;
        long calls = Math.max(1, time.toNanos() / interval);
        long start = System.nanoTime() + 50_000_000L;
        List<Thread> workers = new ArrayList<>();
        List<Histogram> parts = new ArrayList<>();
        List<Exception> failures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Histogram mine = new Histogram(60_000_000L, 3);
            parts.add(mine);
            long first = start + interval * t / threads;   // spread the threads over the interval
            Caller caller = callers.apply(t);
            Thread worker = new Thread(() -> {
                try (caller) {
                    long previousEnd = 0;
                    for (long i = 0; i < calls; i++) {
                        long due = first + i * interval;
                        // park may return early (a stale unpark, a spurious wake-up): wait until due
                        for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
                            LockSupport.parkNanos(wait);
                        }
                        long from = previousEnd > due ? due : System.nanoTime();
                        caller.call();
                        previousEnd = System.nanoTime();
                        mine.recordValue(Math.min(60_000_000L, Math.max(1, (previousEnd - from) / 1000)));
                    }
                } catch (Exception e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                }
            }, "paced-" + t);
            workers.add(worker);
            worker.start();
        }
        for (Thread worker : workers) {
            try {
                worker.join(time.toMillis() + 60_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        if (!failures.isEmpty()) {
            throw new IllegalStateException("a paced caller failed", failures.get(0));
        }
        return pooled(parts);
    }

    /** Every histogram's values in one: the threads of one run, or the rounds of several. */
    static Histogram pooled(List<Histogram> parts) {
        Histogram all = new Histogram(60_000_000L, 3);
        parts.forEach(all::add);
        return all;
    }
}
