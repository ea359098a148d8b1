package io.throttled.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import org.HdrHistogram.Histogram;

/**
 * A bounded closed-loop load: {@code threads} callers, each calling as fast as it can, for a fixed time
 * and at most {@code maxOperations} calls in all; a warm-up first. Latencies in µs.
 */
final class Load {
    private Load() {
    }

    /** One caller: a task per thread, given its thread index. */
    interface Caller {
        void call() throws Exception;
    }

    static Measurement run(int threads, Duration warmUp, Duration measure, long maxOperations, IntFunction<Caller> callers) {
        if (!warmUp.isZero()) {   // a zero warm-up would still let each thread make a call or two, uncounted
            drive(threads, warmUp, maxOperations, callers, false);
        }
        return drive(threads, measure, maxOperations, callers, true);
    }

    private static Measurement drive(int threads, Duration time, long maxOperations, IntFunction<Caller> callers, boolean record) {
        Histogram all = new Histogram(60_000_000L, 3);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong done = new AtomicLong();
        CountDownLatch ready = new CountDownLatch(threads);
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> workers = new ArrayList<>();
        List<Histogram> histograms = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Caller caller = callers.apply(t);
            Histogram mine = new Histogram(60_000_000L, 3);
            histograms.add(mine);
            Thread worker = new Thread(() -> {
                ready.countDown();
                try {
                    go.await();
                    while (!stop.get() && done.incrementAndGet() <= maxOperations) {
                        long start = System.nanoTime();
                        caller.call();
                        mine.recordValue(Math.min(60_000_000L, Math.max(1, (System.nanoTime() - start) / 1000)));
                    }
                } catch (Throwable e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                }
            }, "load-" + t);
            workers.add(worker);
            worker.start();
        }
        try {
            ready.await();
            long start = System.nanoTime();
            go.countDown();
            long deadline = start + time.toNanos();
            while (System.nanoTime() < deadline && done.get() < maxOperations) {
                Thread.sleep(5);
            }
            stop.set(true);
            for (Thread worker : workers) {
                worker.join(60_000);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            if (!failures.isEmpty()) {
                throw new IllegalStateException("a caller failed", failures.get(0));
            }
            histograms.forEach(all::add);
            return new Measurement(all.getTotalCount(), seconds, all);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
