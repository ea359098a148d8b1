package io.throttled.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.core.Algorithm;
import io.throttled.core.Policy;
import io.throttled.testing.ManualClock;
import org.junit.jupiter.api.Test;

/** Buckets are changed in place and forgotten by the idle sweep: those that read as fresh go, others stay. */
class IdleEvictionTest {
    private final ManualClock clock = new ManualClock(1_000_000_000_000L);
    private final InMemoryRateLimiter limiter = InMemoryRateLimiter.builder().clock(clock).build();
    private final Policy policy = Policy.builder("idle").algorithm(Algorithm.GCRA).rate("10/1s").build();

    @Test
    void idleBucketsAreForgottenWhileCallsArrive() {
        for (int i = 0; i < 2_000; i++) {
            limiter.acquire(policy, "c" + i);
        }
        assertThat(limiter.size()).isEqualTo(2_000);

        // fresh again after 100 ms; forgotten once the grace has passed too, a slice per period of calls
        clock.advanceMicros(100_000 + IdleSweep.GRACE_MICROS);
        int slices = 2_000 / IdleSweep.SLICE + 2;
        for (int i = 0; i < slices; i++) {
            clock.advanceMicros(IdleSweep.PERIOD_MICROS);
            limiter.acquire(policy, "busy");
        }

        assertThat(limiter.size()).isEqualTo(1);
        assertThat(limiter.timeToLiveMillis(policy, "busy")).isPresent();
    }

    @Test
    void aBucketThatIsNotYetFreshIsKeptHoweverLongItIdles() {
        Policy slow = Policy.builder("slow").algorithm(Algorithm.TOKEN_BUCKET).rate("10/1h").build();
        for (int i = 0; i < 5; i++) {
            limiter.acquire(slow, "busy");
        }
        for (int i = 0; i < 1_000; i++) {   // 10 s of sweeps; the bucket refills 10 per hour
            clock.advanceMicros(IdleSweep.PERIOD_MICROS);
            limiter.acquire(policy, "other" + (i % 3));
        }

        assertThat(limiter.acquire(slow, "busy", 0).remaining()).isEqualTo(5);
    }

    @Test
    void aPeekOrADenialOnAnUnknownKeyKeepsNothing() {
        limiter.acquire(policy, "peek", 0);
        limiter.acquire(policy, "too-much", 11);

        assertThat(limiter.size()).isZero();
    }

    @Test
    void bucketsDroppedForSpaceAreCountedAndIdleOnesAreNot() {
        InMemoryRateLimiter small = InMemoryRateLimiter.builder().clock(clock).maximumSize(100).build();
        Policy slow = Policy.builder("slow").algorithm(Algorithm.TOKEN_BUCKET).rate("10/1h").build();
        for (int i = 0; i < 1000; i++) {
            small.acquire(slow, "client-" + i, 1);
        }

        assertThat(small.size()).isLessThanOrEqualTo(100);
        assertThat(small.evictions()).isEqualTo(1000 - small.size());
        assertThat(limiter.evictions()).isZero();
    }
}
