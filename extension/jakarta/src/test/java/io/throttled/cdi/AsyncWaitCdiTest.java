package io.throttled.cdi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.throttled.Throttled;
import io.throttled.ThrottledException;
import io.throttled.config.PolicyRegistry;
import io.throttled.core.Policy;
import io.throttled.core.RateLimiter;
import io.throttled.key.KeyResolution;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A {@code CompletionStage} method that must wait gets its future back at once and runs when its slot comes, on
 * the scheduler's thread (Weld SE has no managed executor: the extension's own thread); cancelled, its slot goes
 * back. In a real CDI container.
 */
class AsyncWaitCdiTest {

    @AfterEach
    void clearConfig() {
        TestConfig.clear();
    }

    @ApplicationScoped
    public static class AsyncCaller {
        /** What ran, read through methods: the test holds a client proxy, whose fields are not the bean's. */
        private final AtomicInteger ran = new AtomicInteger();
        private volatile String lastThread;

        int ran() {
            return ran.get();
        }

        String lastThread() {
            return lastThread;
        }

        @Throttled(value = "async-patient", algorithm = "gcra", rate = "1/1s", maxWait = "1m")
        public CompletionStage<String> call(String value) {
            lastThread = Thread.currentThread().getName();
            ran.incrementAndGet();
            return CompletableFuture.completedFuture(value);
        }

        @Throttled(value = "async-fails", algorithm = "gcra", rate = "1/300ms", maxWait = "1m")
        public CompletableFuture<String> fails() {
            throw new IllegalStateException("the method's own failure");
        }
    }

    @Test
    void theCallerGetsItsFutureAtOnceAndTheMethodRunsWhenTheSlotComes() throws Exception {
        try (WeldContainer cdi = ThrottledCdiTest.boot(AsyncCaller.class)) {
            AsyncCaller caller = cdi.select(AsyncCaller.class).get();
            assertThat(caller.call("first").toCompletableFuture().join()).isEqualTo("first");

            long start = System.nanoTime();
            CompletableFuture<String> second = caller.call("second").toCompletableFuture();

            assertThat(second).isNotDone();            // the slot is ~1 s away: the caller got a future, not a wait
            assertThat(caller.ran()).isEqualTo(1);     // nor did the method run yet
            assertThat(second.get(10, TimeUnit.SECONDS)).isEqualTo("second");
            // a lower bound only: a slow machine cannot fail it, a method run before its slot does
            assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(900);
            assertThat(caller.lastThread()).isEqualTo("throttled-permit-waits");
        }
    }

    @Test
    void aCancelledWaitGivesItsSlotBackAndTheMethodNeverRuns() throws Exception {
        try (WeldContainer cdi = ThrottledCdiTest.boot(AsyncCaller.class)) {
            AsyncCaller caller = cdi.select(AsyncCaller.class).get();
            RateLimiter limiter = cdi.select(RateLimiter.class).get();
            Policy policy = cdi.select(PolicyRegistry.class).get().resolve("async-patient").orElseThrow().policy();
            caller.call("first").toCompletableFuture().join();
            CompletableFuture<String> waiting = caller.call("second").toCompletableFuture();
            CompletableFuture<String> behind = caller.call("third").toCompletableFuture();   // slot ~2 s away
            long takenUntil = peek(limiter, policy);   // ~3 s: the slots of first, second and third are taken

            assertThat(behind.cancel(false)).isTrue();   // the last reservation: its slot returns

            // the store has the slot back, a whole slot (1 s) of it: the next free one is ~2 s away, not ~3 s
            assertThat(takenUntil - peek(limiter, policy)).as("ms given back").isGreaterThan(500);
            CompletableFuture<String> next = caller.call("fourth").toCompletableFuture();
            // the next caller took the cancelled slot, not the one after it
            assertThat(peek(limiter, policy)).as("ms the slots are taken for").isLessThanOrEqualTo(takenUntil);
            assertThat(next.get(10, TimeUnit.SECONDS)).isEqualTo("fourth");
            assertThat(waiting.isDone()).isTrue();   // after "second"
            assertThat(caller.ran()).isEqualTo(3);   // first, second, fourth ran; third never did
        }
    }

    /** How long until every slot taken so far has come: a peek, which takes nothing. */
    private static long peek(RateLimiter limiter, Policy policy) {
        return limiter.acquire(policy, KeyResolution.ANONYMOUS, 0).resetAfterMillis();
    }

    @Test
    void theMethodsOwnFailureCompletesTheFuture() {
        try (WeldContainer cdi = ThrottledCdiTest.boot(AsyncCaller.class)) {
            AsyncCaller caller = cdi.select(AsyncCaller.class).get();
            // no wait: the method runs at once on the caller's thread, and its exception reaches the caller as is
            assertThatThrownBy(caller::fails).isInstanceOf(IllegalStateException.class);
            CompletableFuture<String> waited = caller.fails();
            assertThat(waited).isNotDone();
            assertThat(waited).failsWithin(10, TimeUnit.SECONDS).withThrowableThat()
                    .havingCause().isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void stoppingTheApplicationEndsTheWaitsWithADenial() {
        CompletableFuture<String> waiting;
        try (WeldContainer cdi = ThrottledCdiTest.boot(AsyncCaller.class)) {
            AsyncCaller caller = cdi.select(AsyncCaller.class).get();
            caller.call("first").toCompletableFuture().join();
            waiting = caller.call("second").toCompletableFuture();
        }
        assertThat(waiting).isCompletedExceptionally();
        assertThat(waiting.handle((v, e) -> e).join()).isInstanceOf(ThrottledException.class);
    }
}
