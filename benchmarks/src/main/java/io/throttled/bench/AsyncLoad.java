package io.throttled.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;

/**
 * The closed loop of {@link Load} for a client with an asynchronous API: {@code chains} calls in flight, each
 * started by the answer to the one before, no caller thread blocked. This is how a reactive application uses
 * Lettuce or Redisson, and a peer's async setting is measured with it. Bounded in time; latencies in µs.
 */
final class AsyncLoad {
    private AsyncLoad() {
    }

    static Measurement run(int chains, Duration warmUp, Duration measure, IntFunction<Supplier<CompletionStage<?>>> calls) {
        if (!warmUp.isZero()) {
            drive(chains, warmUp, calls);
        }
        return drive(chains, measure, calls);
    }

    private static Measurement drive(int chains, Duration time, IntFunction<Supplier<CompletionStage<?>>> calls) {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch finished = new CountDownLatch(chains);
        List<Chain> all = new ArrayList<>();
        for (int c = 0; c < chains; c++) {
            all.add(new Chain(calls.apply(c), stop, failure, finished));
        }
        long start = System.nanoTime();
        all.forEach(Chain::next);
        try {
            long deadline = start + time.toNanos();
            while (System.nanoTime() < deadline && failure.get() == null) {
                Thread.sleep(5);
            }
            stop.set(true);
            if (!finished.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("calls still in flight 60 s after the measurement");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (failure.get() != null) {
            throw new IllegalStateException("a call failed", failure.get());
        }
        Histogram latencies = new Histogram(60_000_000L, 3);
        all.forEach(chain -> latencies.add(chain.latencies));   // the latch orders each chain's writes before this
        return new Measurement(latencies.getTotalCount(), seconds, latencies);
    }

    /** One call in flight at a time; its answer records the latency and starts the next call. */
    private static final class Chain {
        final Histogram latencies = new Histogram(60_000_000L, 3);
        private final Supplier<CompletionStage<?>> call;
        private final AtomicBoolean stop;
        private final AtomicReference<Throwable> failure;
        private final CountDownLatch finished;

        Chain(Supplier<CompletionStage<?>> call, AtomicBoolean stop, AtomicReference<Throwable> failure,
              CountDownLatch finished) {
            this.call = call;
            this.stop = stop;
            this.failure = failure;
            this.finished = finished;
        }

        void next() {
            while (!stop.get() && failure.get() == null) {
                long start = System.nanoTime();
                CompletableFuture<?> answer;
                try {
                    answer = call.get().toCompletableFuture();
                } catch (RuntimeException e) {
                    failure.compareAndSet(null, e);
                    break;
                }
                if (!answer.isDone()) {
                    answer.whenComplete((value, error) -> answered(start, error, true));
                    return;
                }
                // answered at once: loop here rather than recurse through the callback
                Throwable error = answer.handle((value, e) -> e).join();
                if (!answered(start, error, false)) {
                    break;
                }
            }
            finished.countDown();
        }

        private boolean answered(long start, Throwable error, boolean continueHere) {
            if (error != null) {
                failure.compareAndSet(null, error);
                if (continueHere) {
                    finished.countDown();
                }
                return false;
            }
            latencies.recordValue(Math.min(60_000_000L, Math.max(1, (System.nanoTime() - start) / 1000)));
            if (continueHere) {
                next();
            }
            return true;
        }
    }
}
