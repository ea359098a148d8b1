package io.throttled.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.memory.InMemoryRateLimiter;
import io.throttled.testing.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import org.junit.jupiter.api.Test;

/** The asynchronous waiter, on the in-JVM store and a scheduler the test fires by hand: no test sleeps. */
class AsyncRateLimiterTest {
    private final ManualClock clock = ManualClock.aheadOfRealTime();
    private final InMemoryRateLimiter limiter = InMemoryRateLimiter.builder().clock(clock).build();
    private final HandScheduler scheduler = new HandScheduler();
    private final AsyncRateLimiter async = new AsyncRateLimiter(limiter, scheduler);
    private final Policy policy = Policy.builder("wait").rate("1/100ms").maxWait(Duration.ofSeconds(1)).build();

    /** Records each timer; {@link #fireAll} runs the ones not cancelled, as their delays would. */
    static final class HandScheduler implements AsyncRateLimiter.Scheduler {
        final List<Long> delays = new ArrayList<>();
        final List<FutureTask<?>> tasks = new ArrayList<>();

        @Override
        public Future<?> schedule(Runnable task, long delayMillis) {
            FutureTask<Void> timer = new FutureTask<>(task, null);
            delays.add(delayMillis);
            tasks.add(timer);
            return timer;
        }

        void fireAll() {
            tasks.forEach(FutureTask::run);
        }
    }

    @Test
    void aWaitIsATimerOfExactlyTheReservedWaitAndCompletesWithTheReservation() {
        limiter.acquire(policy, "k");

        CompletableFuture<Decision> d = async.acquire(policy, "k");

        assertThat(d).isNotDone();   // no thread sleeps: the caller got a future back
        assertThat(scheduler.delays).containsExactly(100L);
        scheduler.fireAll();
        assertThat(d.join().allowed()).isTrue();
        assertThat(d.join().reserved()).isTrue();
        assertThat(async.waiting()).isZero();
    }

    @Test
    void aDecisionMadeAtOnceIsAlreadyComplete() {
        assertThat(async.acquire(policy, "k").join().allowed()).isTrue();
        limiter.acquire(policy, "k", 10);   // far beyond max-wait: denied at once
        CompletableFuture<Decision> beyond = async.acquire(policy, "k", 20);
        assertThat(beyond.join().allowed()).isFalse();
        assertThat(scheduler.delays).isEmpty();
    }

    @Test
    void aCancelledWaitGivesTheSlotBackSoTheNextCallerHasItAtOnce() {
        limiter.acquire(policy, "k");
        CompletableFuture<Decision> first = async.acquire(policy, "k");

        assertThat(first.cancel(false)).isTrue();

        assertThat(scheduler.tasks.get(0).isCancelled()).isTrue();   // the timer is gone too
        clock.advanceMillis(100);
        assertThat(limiter.acquire(policy, "k").reserved()).isFalse();
        assertThat(limiter.acquire(policy, "k", 0).remaining()).isZero();
        assertThat(async.waiting()).isZero();
    }

    @Test
    void aCancelAfterTheSlotCameGivesNothingBack() {
        limiter.acquire(policy, "k");
        CompletableFuture<Decision> first = async.acquire(policy, "k");
        scheduler.fireAll();

        assertThat(first.cancel(false)).isFalse();

        assertThat(limiter.reserve(policy, "k", 1).waitMillis()).isEqualTo(200);   // the slot stayed taken
    }

    @Test
    void closingEndsEveryWaitWithADenialAndGivesTheSlotsBack() {
        limiter.acquire(policy, "k");
        CompletableFuture<Decision> a = async.acquire(policy, "k");
        CompletableFuture<Decision> b = async.acquire(policy, "k");

        async.close();

        assertThat(a.join().allowed()).isFalse();
        assertThat(b.join().allowed()).isFalse();
        assertThat(b.join().retryAfterMillis()).isEqualTo(200);
        assertThat(limiter.reserve(policy, "k", 1).waitMillis()).isEqualTo(100);   // both slots returned
        CompletableFuture<Decision> afterClose = async.acquire(policy, "k");
        assertThat(afterClose.join().allowed()).isFalse();
    }

    @Test
    void aRejectingSchedulerGivesTheSlotBackAndDenies() {
        AsyncRateLimiter stopped = new AsyncRateLimiter(limiter, (task, delay) -> {
            throw new java.util.concurrent.RejectedExecutionException("shut down");
        });
        limiter.acquire(policy, "k");

        assertThat(stopped.acquire(policy, "k").join().allowed()).isFalse();
        assertThat(limiter.reserve(policy, "k", 1).waitMillis()).isEqualTo(100);
    }
}
