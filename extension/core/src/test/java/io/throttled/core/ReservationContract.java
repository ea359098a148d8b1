package io.throttled.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Waiting for a permit, as every store must do it, on an injected clock: reservations, give-backs and
 * max-waiters. Run against the in-JVM store and the Redis store by the subclasses.
 */
public abstract class ReservationContract extends TimelineContract {
    protected ReservationContract() {
        super("w");
    }

    /** Every algorithm that waits, one token per 100 ms, burst 1, waiting up to 350 ms. */
    static List<Policy> waiting() {
        return List.of(
                waiting(Policy.builder("w-tb").algorithm(Algorithm.TOKEN_BUCKET)),
                waiting(Policy.builder("w-ti").algorithm(Algorithm.TOKEN_BUCKET).refill(Refill.INTERVAL)),
                waiting(Policy.builder("w-g").algorithm(Algorithm.GCRA)),
                waiting(Policy.builder("w-lb").algorithm(Algorithm.LEAKY_BUCKET)));
    }

    private static Policy waiting(PolicyBuilder builder) {
        return builder.rate("1/100ms").maxWait(Duration.ofMillis(350)).build();
    }

    private Decision reserve(Policy policy) {
        return limiter.reserve(policy, key, 1);
    }

    @ParameterizedTest
    @MethodSource("waiting")
    void waitersGetDistinctSlotsInOrderAndBeyondMaxWaitNothingIsTaken(Policy policy) {
        assertThat(reserve(policy).waitMillis()).isZero();          // the burst: at once
        for (long wait = 100; wait <= 300; wait += 100) {
            Decision d = reserve(policy);
            assertThat(d.allowed()).isTrue();
            assertThat(d.reserved()).isTrue();
            assertThat(d.waitMillis()).isEqualTo(wait);
            assertThat(d.reservation().slotMicros()).isEqualTo(clock.nowMicros() + wait * 1000);
        }
        Decision beyond = reserve(policy);                          // its slot would be 400 ms away
        assertThat(beyond.allowed()).isFalse();
        assertThat(beyond.reserved()).isFalse();
        assertThat(beyond.retryAfterMillis()).isEqualTo(400);
        assertThat(reserve(policy).retryAfterMillis()).isEqualTo(400);   // the denial took nothing

        clock.advanceMillis(50);                                    // the next slot is now 350 ms away: reserved
        assertThat(reserve(policy).waitMillis()).isEqualTo(350);
    }

    @ParameterizedTest
    @MethodSource("waiting")
    void aCallWithoutWaitingSeesEveryReservation(Policy policy) {
        reserve(policy);
        reserve(policy);
        reserve(policy);
        Decision plain = limiter.acquire(policy, key, 1);           // acquire never reserves
        assertThat(plain.allowed()).isFalse();
        assertThat(plain.remaining()).isZero();
        assertThat(plain.retryAfterMillis()).isEqualTo(300);
        clock.advanceMillis(200);                                   // the last waiter proceeds now
        assertThat(limiter.acquire(policy, key, 1).allowed()).isFalse();
        clock.advanceMillis(100);
        assertThat(limiter.acquire(policy, key, 1).allowed()).isTrue();
    }

    @ParameterizedTest
    @MethodSource("waiting")
    void givingBackTheLastReservationLetsTheNextCallerHaveItAtOnce(Policy policy) {
        reserve(policy);
        Decision first = reserve(policy);
        Decision second = reserve(policy);
        clock.advanceMillis(10);

        assertThat(limiter.release(policy, second.reservation())).isTrue();
        assertThat(reserve(policy).waitMillis()).isEqualTo(190);            // the same slot, 10 ms later
        assertThat(limiter.release(policy, first.reservation())).isFalse(); // now in the middle: the gap stays
    }

    @ParameterizedTest
    @MethodSource("waiting")
    void givingBackAMiddleReservationLeavesTheLimitIntact(Policy policy) {
        reserve(policy);
        Decision first = reserve(policy);
        Decision second = reserve(policy);

        assertThat(limiter.release(policy, first.reservation())).isFalse();
        assertThat(reserve(policy).waitMillis()).isEqualTo(300);            // after the last, not in the gap
        assertThat(limiter.release(policy, second.reservation())).isFalse(); // no longer the last either
    }

    @ParameterizedTest
    @MethodSource("waiting")
    void givenBackInReverseOrderEverySlotReturns(Policy policy) {
        reserve(policy);
        Decision a = reserve(policy);
        Decision b = reserve(policy);
        assertThat(limiter.release(policy, b.reservation())).isTrue();
        assertThat(limiter.release(policy, a.reservation())).isTrue();
        assertThat(reserve(policy).waitMillis()).isEqualTo(100);
    }

    @ParameterizedTest
    @MethodSource("waiting")
    void maxWaitersBoundsTheWaitersAndAGiveBackMakesRoom(Policy unbounded) {
        Policy policy = unbounded.toBuilder().maxWaiters(2).build();
        reserve(policy);                                            // at once: not a waiter
        Decision a = reserve(policy);
        assertThat(reserve(policy).reserved()).isTrue();
        Decision third = reserve(policy);
        assertThat(third.allowed()).isFalse();                      // two wait already
        assertThat(third.retryAfterMillis()).isEqualTo(300);        // nothing was taken for it

        assertThat(limiter.release(policy, a.reservation())).isFalse();   // a middle one: no slot back...
        assertThat(reserve(policy).waitMillis()).isEqualTo(300);         // ...but one waiter fewer
        clock.advanceMillis(100);
        assertThat(reserve(policy).reserved()).isFalse();           // still two waiting (slots at 200 and 300 ms)
        clock.advanceMillis(100);                                   // b proceeds: one waiter left
        assertThat(reserve(policy).waitMillis()).isEqualTo(200);
    }

    @ParameterizedTest
    @MethodSource("waiting")
    void peeksAndCallsLargerThanTheBurstNeverReserve(Policy policy) {
        reserve(policy);
        assertThat(limiter.reserve(policy, key, 0).reserved()).isFalse();
        Decision tooLarge = limiter.reserve(policy, key, 2);
        assertThat(tooLarge.canNeverSucceed()).isTrue();
        assertThat(reserve(policy).waitMillis()).isEqualTo(100);
    }

    /** Every algorithm that can be pushed on, one token per 100 ms, burst 3 (so a push must empty a full bucket). */
    static List<Policy> pushable() {
        return List.of(
                Policy.builder("p-tb").algorithm(Algorithm.TOKEN_BUCKET).rate("1/100ms").burst(3).build(),
                Policy.builder("p-ti").algorithm(Algorithm.TOKEN_BUCKET).refill(Refill.INTERVAL).rate("1/100ms").burst(3)
                        .build(),
                Policy.builder("p-g").algorithm(Algorithm.GCRA).rate("1/100ms").burst(3).build(),
                Policy.builder("p-lb").algorithm(Algorithm.LEAKY_BUCKET).rate("1/100ms").burst(3).build());
    }

    @ParameterizedTest
    @MethodSource("pushable")
    void aPenaltyLetsNothingPassUntilItsEndThenTheRateResumes(Policy policy) {
        assertThat(limiter.acquire(policy, key, 1).remaining()).isEqualTo(2);   // a full bucket, one taken
        assertThat(limiter.penalize(policy, key, 1_000)).isTrue();

        Decision during = limiter.acquire(policy, key, 1);
        assertThat(during.allowed()).isFalse();
        assertThat(during.retryAfterMillis()).isEqualTo(1_000);
        clock.advanceMillis(999);
        assertThat(limiter.acquire(policy, key, 1).allowed()).as("1 ms before the end").isFalse();
        clock.advanceMillis(1);
        assertThat(limiter.acquire(policy, key, 1).allowed()).as("at the end: one token").isTrue();
        assertThat(limiter.acquire(policy, key, 1).retryAfterMillis()).as("then the policy's rate").isEqualTo(100);
    }

    @ParameterizedTest
    @MethodSource("pushable")
    void aShorterPenaltyThanTheBucketsOwnWaitChangesNothing(Policy policy) {
        assertThat(limiter.penalize(policy, key, 2_000)).isTrue();
        assertThat(limiter.penalize(policy, key, 500)).as("already further on").isFalse();
        assertThat(limiter.acquire(policy, key, 1).retryAfterMillis()).isEqualTo(2_000);
    }

    @ParameterizedTest
    @MethodSource("pushable")
    void aPenaltyKeepsTheSlotsReservedBeforeIt(Policy policy) {
        Policy patient = policy.toBuilder().maxWait(Duration.ofSeconds(2)).build();
        for (int i = 0; i < 3; i++) {
            limiter.acquire(patient, key, 1);
        }
        Decision waiter = limiter.reserve(patient, key, 1);
        assertThat(waiter.waitMillis()).isEqualTo(100);
        limiter.penalize(patient, key, 1_000);
        // the waiter proceeds at its slot without asking again; the bucket, pushed on, owes it nothing
        assertThat(limiter.reserve(patient, key, 1).waitMillis()).isEqualTo(1_000);
    }

    @org.junit.jupiter.api.Test
    void windowAlgorithmsAndOutOfRangeWaitsAreRefusedWithTheReason() {
        Policy window = Policy.builder("p-fw").algorithm(Algorithm.FIXED_WINDOW).rate("1/1s").build();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> limiter.penalize(window, key, 1_000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("p-fw").hasMessageContaining("fixed-window cannot be pushed on");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> limiter.penalize(pushable().get(0), key, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1ms up to 1h");
    }
}
