package io.throttled.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.memory.InMemoryRateLimiter;
import io.throttled.testing.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The synchronous waiter, on the in-JVM store and a clock the sleeper moves: no test sleeps. */
class PermitWaiterTest {
    private final ManualClock clock = ManualClock.aheadOfRealTime();
    private final InMemoryRateLimiter limiter = InMemoryRateLimiter.builder().clock(clock).build();
    private final List<Long> slept = new ArrayList<>();
    private final Policy policy = Policy.builder("wait").rate("1/100ms").maxWait(Duration.ofSeconds(1)).build();

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();
    }

    @Test
    void sleepsExactlyTheReservedWaitOnceThenTheCallProceeds() {
        PermitWaiter waiter = new PermitWaiter(limiter, millis -> {
            slept.add(millis);
            clock.advanceMillis(millis);
        });
        limiter.acquire(policy, "k");

        Decision d = waiter.await(policy, limiter.reserve(policy, "k", 1));

        assertThat(d.allowed()).isTrue();
        assertThat(slept).containsExactly(100L);
        assertThat(limiter.acquire(policy, "k", 0).remaining()).isZero();   // the slot was used, not given back
    }

    @Test
    void aCallThatNeedNotWaitDoesNotSleep() {
        PermitWaiter waiter = new PermitWaiter(limiter, slept::add);
        assertThat(waiter.await(policy, limiter.reserve(policy, "k", 1)).allowed()).isTrue();
        assertThat(slept).isEmpty();
    }

    @Test
    void anInterruptedWaitGivesTheSlotBackAndDenies() {
        PermitWaiter waiter = new PermitWaiter(limiter, millis -> {
            throw new InterruptedException();
        });
        limiter.acquire(policy, "k");

        Decision d = waiter.await(policy, limiter.reserve(policy, "k", 1));

        assertThat(d.allowed()).isFalse();
        assertThat(d.retryAfterMillis()).isEqualTo(100);
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
        assertThat(limiter.reserve(policy, "k", 1).waitMillis()).isEqualTo(100);   // the same slot again
    }
}
