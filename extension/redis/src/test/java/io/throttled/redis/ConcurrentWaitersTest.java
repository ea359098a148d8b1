package io.throttled.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.core.Decision;
import io.throttled.core.Policy;
import io.throttled.core.Reservation;
import io.throttled.testing.redis.RedisConnections;
import io.throttled.testing.redis.RequiresRedis;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Many threads reserving on one key at once, on the Redis server's own clock. */
@RequiresRedis(value = "7.0", reason = "max-wait reserves with PEXPIRETIME; RedisVersionSupportTest checks the error")
class ConcurrentWaitersTest {
    private static final int WAITERS = 200;

    @RegisterExtension
    static final RedisConnections redis = new RedisConnections();

    private final RedisRateLimiter limiter = RedisRateLimiter.builder(redis.server()).keyPrefix("waiters:").build();

    @Test
    void twoHundredWaitersGetDistinctSlotsInTheOrderTheScriptSawThem() throws Exception {
        // slots 100 ms apart: a slow machine racing the threads for longer than a slot still finds the chain ahead
        // (with 1 ms slots a call after the earlier slots had passed was admitted at once, not reserved)
        Policy policy = Policy.builder("queue").rate("10/1s;burst=1").maxWait(Duration.ofMinutes(1)).build();
        List<Decision> decisions = all(policy, "one-key", WAITERS + 1);

        List<Reservation> reserved = decisions.stream().filter(Decision::reserved).map(Decision::reservation)
                .sorted(Comparator.comparingLong(Reservation::slotMicros)).toList();
        assertThat(decisions).allMatch(Decision::allowed);
        assertThat(reserved).hasSize(WAITERS);   // the one other took the burst at once
        for (int i = 1; i < reserved.size(); i++) {
            Reservation before = reserved.get(i - 1);
            Reservation after = reserved.get(i);
            // each script took the state the one before it wrote: one chain, in the order Redis ran them
            assertThat(after.previous()).isEqualTo(before.written());
            assertThat(after.slotMicros()).isGreaterThan(before.slotMicros());
        }
    }

    @Test
    void maxWaitersHoldsExactlyUnderConcurrency() throws Exception {
        // slots 10 s apart: none comes (and leaves the count) while the threads race
        Policy policy = Policy.builder("bounded").algorithm("gcra").rate("1/10s")
                .maxWait(Duration.ofMinutes(10)).maxWaiters(25).build();
        List<Decision> decisions = all(policy, "one-key", 100);

        assertThat(decisions.stream().filter(Decision::reserved).count()).isEqualTo(25);
        assertThat(decisions.stream().filter(d -> d.allowed() && !d.reserved()).count()).isEqualTo(1);
        assertThat(decisions.stream().filter(d -> !d.allowed()).count()).isEqualTo(74);
    }

    @Test
    void aSlotBeyondMaxWaitIsDeniedAndTakesNothing() {
        Policy policy = Policy.builder("short").algorithm("leaky-bucket").rate("1/1s").maxWait(Duration.ofMillis(1500))
                .build();
        assertThat(limiter.reserve(policy, "k", 1).waitMillis()).isZero();
        Decision waits = limiter.reserve(policy, "k", 1);
        assertThat(waits.waitMillis()).isBetween(900L, 1000L);
        Decision peekBefore = limiter.acquire(policy, "k", 0);

        Decision denied = limiter.reserve(policy, "k", 1);

        assertThat(denied.allowed()).isFalse();
        assertThat(denied.retryAfterMillis()).isGreaterThan(1500);
        Decision peekAfter = limiter.acquire(policy, "k", 0);
        assertThat(peekAfter.remaining()).isEqualTo(peekBefore.remaining()).isZero();
        assertThat(peekAfter.resetAfterMillis()).isLessThanOrEqualTo(peekBefore.resetAfterMillis());
        assertThat(limiter.release(policy, waits.reservation())).isTrue();   // still the last one
    }

    private List<Decision> all(Policy policy, String key, int calls) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(50);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Decision>> futures = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return limiter.reserve(policy, key, 1);
                }));
            }
            start.countDown();
            List<Decision> decisions = new ArrayList<>();
            for (Future<Decision> f : futures) {
                decisions.add(f.get());
            }
            return decisions;
        } finally {
            pool.shutdownNow();
        }
    }
}
