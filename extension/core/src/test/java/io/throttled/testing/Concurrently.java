package io.throttled.testing;

import io.throttled.core.Decision;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/** Many threads deciding at once, released together, for the tests that count what was admitted. */
public final class Concurrently {
    private Concurrently() {
    }

    /**
     * Runs {@code decide} {@code callsEach} times on each of {@code threads} threads, all started together.
     *
     * @return how many of the decisions were allowed
     * @throws java.util.concurrent.TimeoutException when the threads are not done within {@code within}
     */
    public static int admitted(int threads, int callsEach, Duration within, Supplier<Decision> decide) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            AtomicInteger admitted = new AtomicInteger();
            List<Future<?>> done = new ArrayList<>(threads);
            for (int t = 0; t < threads; t++) {
                done.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < callsEach; i++) {
                        if (decide.get().allowed()) {
                            admitted.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            long deadline = System.nanoTime() + within.toNanos();
            for (Future<?> f : done) {
                f.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
            return admitted.get();
        } finally {
            pool.shutdownNow();
        }
    }
}
