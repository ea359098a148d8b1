package io.throttled.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.core.Algorithm;
import io.throttled.core.Policy;
import io.throttled.testing.ManualClock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A charge takes what a bucket holds, up to what is asked, and never denies: how the local fallback starts a key. */
class InMemoryChargeTest {

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aChargeTakesWhatIsAskedAndTheBucketAdmitsTheRest(Algorithm algorithm) {
        InMemoryRateLimiter limiter = InMemoryRateLimiter.builder().clock(new ManualClock(1_700_000_000_000_000L)).build();
        Policy policy = Policy.builder("charged").algorithm(algorithm).rate("10/1h").build();

        assertThat(limiter.charge(policy, "k", 3)).isEqualTo(3);

        assertThat(admitted(limiter, policy, "k")).isEqualTo(7);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aChargeBeyondWhatIsLeftTakesAllAndNeverMore(Algorithm algorithm) {
        InMemoryRateLimiter limiter = InMemoryRateLimiter.builder().clock(new ManualClock(1_700_000_000_000_000L)).build();
        Policy policy = Policy.builder("charged").algorithm(algorithm).rate("10/1h").build();
        limiter.acquire(policy, "k", 4);

        assertThat(limiter.charge(policy, "k", 50)).as("the 6 left").isEqualTo(6);
        assertThat(limiter.charge(policy, "k", 1)).isZero();

        assertThat(admitted(limiter, policy, "k")).isZero();
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void everyLimitOfAPolicyGivesWhatItHolds(Algorithm algorithm) {
        InMemoryRateLimiter limiter = InMemoryRateLimiter.builder().clock(new ManualClock(1_700_000_000_000_000L)).build();
        Policy policy = Policy.builder("two").algorithm(algorithm).rate("5/1m,8/1h").build();

        assertThat(limiter.charge(policy, "k", 6)).as("the first limit holds 5").isEqualTo(5);

        assertThat(admitted(limiter, policy, "k")).isZero();
        assertThat(limiter.acquire(policy, "k", 0).remaining()).as("nothing left under the minute").isZero();
    }

    private static int admitted(InMemoryRateLimiter limiter, Policy policy, String key) {
        int admitted = 0;
        for (int i = 0; i < 20; i++) {
            admitted += limiter.acquire(policy, key).allowed() ? 1 : 0;
        }
        return admitted;
    }
}
