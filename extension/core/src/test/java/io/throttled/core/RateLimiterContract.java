package io.throttled.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.throttled.testing.Concurrently;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The behaviour every store must show, on an injected clock. Run against the in-JVM store and the Redis
 * store (standalone and Cluster) by the subclasses; the classic examples (the Redis docs' token bucket of 10
 * refilling 1/s, the fixed window's double burst at a boundary, ...) hold exactly.
 */
public abstract class RateLimiterContract extends TimelineContract {
    protected RateLimiterContract() {
        super("k");
    }

    /** Every algorithm, token-bucket once per refill mode. */
    public static List<Policy> oneOfEach(String rate) {
        List<Policy> policies = new ArrayList<>();
        for (Algorithm algorithm : Algorithm.values()) {
            policies.add(Policy.builder("p-" + algorithm.keyCode()).algorithm(algorithm).rate(rate).build());
        }
        policies.add(Policy.builder("p-ti").rate(rate).refill(Refill.INTERVAL).build());
        return policies;
    }

    static List<Policy> tenPerSecond() {
        return oneOfEach("10/1s");
    }

    private Decision take(Policy policy) {
        return limiter.acquire(policy, key, 1);
    }

    private Decision take(Policy policy, long cost) {
        return limiter.acquire(policy, key, cost);
    }

    private int takeUntilDenied(Policy policy, int max) {
        int allowed = 0;
        while (allowed < max && take(policy).allowed()) {
            allowed++;
        }
        return allowed;
    }

    // --- the classic examples: the Redis docs' token bucket, the windows at a boundary ------------------

    @ParameterizedTest
    @EnumSource(Refill.class)
    void tokenBucketOfTenRefillingOnePerSecondAsInTheRedisDocs(Refill refill) {
        // capacity=10, refill_rate=1, refill_interval=1.0
        Policy policy = Policy.builder("docs").rate("1/1s;burst=10").refill(refill).build();

        for (int i = 9; i >= 0; i--) {
            Decision d = take(policy);
            assertThat(d.allowed()).isTrue();
            assertThat(d.remaining()).isEqualTo(i);
        }
        Decision eleventh = take(policy);
        assertThat(eleventh.allowed()).isFalse();
        assertThat(eleventh.remaining()).isZero();
        assertThat(eleventh.retryAfterMillis()).isEqualTo(1000);
        assertThat(eleventh.resetAfterMillis()).isEqualTo(10_000);

        clock.advanceMillis(999);
        assertThat(take(policy).retryAfterMillis()).isEqualTo(1);
        clock.advanceMillis(1);
        assertThat(take(policy).allowed()).isTrue();
        assertThat(take(policy).allowed()).isFalse();
    }

    @Test
    void greedyRefillGivesTokensBackContinuouslyIntervalRefillInSteps() {
        Policy greedy = Policy.builder("greedy").rate("10/1s").build();
        Policy interval = Policy.builder("interval").rate("10/1s").refill(Refill.INTERVAL).build();
        assertThat(takeUntilDenied(greedy, 20)).isEqualTo(10);
        assertThat(takeUntilDenied(interval, 20)).isEqualTo(10);

        clock.advanceMillis(500);

        assertThat(take(greedy, 0).remaining()).isEqualTo(5);
        assertThat(take(interval, 0).remaining()).isZero();
        assertThat(take(interval).retryAfterMillis()).isEqualTo(500);
        clock.advanceMillis(500);
        assertThat(take(interval, 0).remaining()).isEqualTo(10);
    }

    @Test
    void fixedWindowAdmitsTwiceTheLimitAcrossABoundary() {
        Policy policy = Policy.builder("fw").algorithm(Algorithm.FIXED_WINDOW).rate("10/1s").build();
        clock.advanceMillis(999);   // the clock starts on a whole hour: this is the last ms of a window

        assertThat(takeUntilDenied(policy, 30)).isEqualTo(10);
        assertThat(take(policy).retryAfterMillis()).isEqualTo(1);
        clock.advanceMillis(1);
        assertThat(takeUntilDenied(policy, 30)).isEqualTo(10);   // 20 within 2 ms
    }

    @Test
    void slidingWindowLogDoesNotAcrossABoundary() {
        Policy policy = Policy.builder("sl").algorithm(Algorithm.SLIDING_WINDOW_LOG).rate("10/1s").build();
        clock.advanceMillis(999);

        assertThat(takeUntilDenied(policy, 30)).isEqualTo(10);
        clock.advanceMillis(1);
        Decision d = take(policy);
        assertThat(d.allowed()).isFalse();
        assertThat(d.retryAfterMillis()).isEqualTo(999);
        clock.advanceMillis(999);
        assertThat(takeUntilDenied(policy, 30)).isEqualTo(10);
    }

    @Test
    void slidingWindowCounterWeighsThePreviousWindow() {
        Policy policy = Policy.builder("sc").algorithm(Algorithm.SLIDING_WINDOW_COUNTER).rate("10/1s").build();
        clock.advanceMillis(999);
        assertThat(takeUntilDenied(policy, 30)).isEqualTo(10);

        clock.advanceMillis(1);     // new window, previous one fully weighted
        Decision d = take(policy);
        assertThat(d.allowed()).isFalse();
        assertThat(d.retryAfterMillis()).isEqualTo(1);   // at 1 ms in, floor(10 × 999/1000) = 9
        clock.advanceMillis(500);   // half of the previous window still counts: 5
        assertThat(takeUntilDenied(policy, 30)).isEqualTo(5);
    }

    @Test
    void leakyBucketNeverBurstsAboveItsCapacity() {
        Policy policy = Policy.builder("lb").algorithm(Algorithm.LEAKY_BUCKET).rate("10/1s;burst=5").build();
        List<Long> admitted = new ArrayList<>();
        long start = clock.nowMicros();
        Random random = new Random(42);
        for (int step = 0; step < 400; step++) {
            for (int i = random.nextInt(4); i > 0; i--) {
                if (take(policy).allowed()) {
                    admitted.add(clock.nowMicros() - start);
                }
            }
            clock.advanceMillis(random.nextInt(30));
        }
        // In any span, at most capacity + drained-in-the-span admissions: never a burst above 5.
        for (int i = 0; i < admitted.size(); i++) {
            for (int j = i; j < admitted.size(); j++) {
                long span = admitted.get(j) - admitted.get(i);
                assertThat(j - i + 1L).isLessThanOrEqualTo(5 + span / 100_000);
            }
        }
        assertThat(admitted.size()).isGreaterThan(60);   // and it does admit at the drain rate
    }

    @Test
    void gcraSpacesRequestsByTheEmissionInterval() {
        Policy policy = Policy.builder("g").algorithm(Algorithm.GCRA).rate("10/1s;burst=1").build();

        assertThat(take(policy).allowed()).isTrue();
        Decision d = take(policy);
        assertThat(d.allowed()).isFalse();
        assertThat(d.retryAfterMillis()).isEqualTo(100);
        clock.advanceMillis(100);
        assertThat(take(policy).allowed()).isTrue();
    }

    // --- properties of every algorithm --------------------------------------------------------------

    @ParameterizedTest
    @MethodSource("tenPerSecond")
    void aPeekReportsAndTakesNothing(Policy policy) {
        assertThat(take(policy, 3).remaining()).isEqualTo(7);

        for (int i = 0; i < 5; i++) {
            Decision peek = take(policy, 0);
            assertThat(peek.allowed()).isTrue();
            assertThat(peek.remaining()).isEqualTo(7);
            assertThat(peek.retryAfterMillis()).isZero();
        }
        assertThat(takeUntilDenied(policy, 20)).isEqualTo(7);
    }

    @ParameterizedTest
    @MethodSource("tenPerSecond")
    void aRequestLargerThanTheBurstIsDeniedAndSaysItCanNeverSucceed(Policy policy) {
        Decision d = take(policy, 11);

        assertThat(d.allowed()).isFalse();
        assertThat(d.canNeverSucceed()).isTrue();
        assertThat(d.retryAfterMillis()).isEqualTo(Decision.NEVER);
        assertThat(take(policy, 10).allowed()).as("nothing was taken").isTrue();
    }

    @ParameterizedTest
    @MethodSource("tenPerSecond")
    void severalLimitsTakeFromAllOrFromNone(Policy tenPerSecond) {
        Policy policy = tenPerSecond.toBuilder().rate("3/1s,5/1m").build();

        assertThat(takeUntilDenied(policy, 10)).isEqualTo(3);
        Decision denied = take(policy);
        assertThat(denied.limit()).isEqualTo(Limit.parse("3/1s"));
        for (int i = 0; i < 5; i++) {
            assertThat(take(policy).allowed()).isFalse();   // denials take nothing from 5/1m either
        }

        // the counter still weighs the previous second whole at its end: two seconds for a fresh 3/1s
        clock.advanceMillis(policy.algorithm() == Algorithm.SLIDING_WINDOW_COUNTER ? 2000 : 1000);
        assertThat(takeUntilDenied(policy, 10)).as("5/1m still has 2").isEqualTo(2);
        assertThat(take(policy).limit()).isEqualTo(Limit.parse("5/1m"));
    }

    @ParameterizedTest
    @MethodSource("tenPerSecond")
    void theDecisionNamesTheLimitWithLeastLeft(Policy tenPerSecond) {
        Policy policy = tenPerSecond.toBuilder().rate("10/1s,4/1m").build();

        Decision d = take(policy);

        assertThat(d.allowed()).isTrue();
        assertThat(d.limit()).isEqualTo(Limit.parse("4/1m"));
        assertThat(d.remaining()).isEqualTo(3);
        assertThat(d.policy()).isEqualTo(policy.name());
    }

    @ParameterizedTest
    @MethodSource("tenPerSecond")
    void resetGivesAFullBucket(Policy policy) {
        assertThat(takeUntilDenied(policy, 20)).isEqualTo(10);

        limiter.reset(policy, key);

        assertThat(take(policy, 0).remaining()).isEqualTo(10);
        assertThat(takeUntilDenied(policy, 20)).isEqualTo(10);
    }

    @ParameterizedTest
    @MethodSource("tenPerSecond")
    void keysAndPoliciesAreIndependent(Policy policy) {
        assertThat(takeUntilDenied(policy, 20)).isEqualTo(10);

        assertThat(limiter.acquire(policy, key + "-other", 1).allowed()).isTrue();
        Policy sameRules = Policy.builder(policy.name() + "-2").algorithm(policy.algorithm())
                .limits(policy.limits()).refill(policy.refill()).build();
        assertThat(limiter.acquire(sameRules, key, 1).allowed()).isTrue();
    }

    @ParameterizedTest
    @MethodSource("tenPerSecond")
    void retryAfterIsExactToTheMillisecond(Policy tenPerSecond) {
        Random random = new Random(7);
        for (Policy policy : List.of(tenPerSecond, tenPerSecond.toBuilder().rate("3/700ms").build(),
                tenPerSecond.toBuilder().rate("7/1s,20/10s").build())) {
            String k = key + policy.rate();
            for (int step = 0; step < 200; step++) {
                Decision d = limiter.acquire(policy, k, 1 + random.nextInt(2));
                if (!d.allowed() && !d.canNeverSucceed() && random.nextBoolean()) {
                    long cost = 1 + random.nextInt(2);
                    Decision again = limiter.acquire(policy, k, cost);
                    if (!again.allowed() && again.retryAfterMillis() > 1) {
                        clock.advanceMillis(again.retryAfterMillis() - 1);
                        assertThat(limiter.acquire(policy, k, 0).allowed()).isTrue();
                        Decision early = limiter.acquire(policy, k, cost);
                        assertThat(early.allowed()).as("%s 1 ms before retry-after", policy).isFalse();
                        clock.advanceMillis(early.retryAfterMillis());
                        assertThat(early.retryAfterMillis()).isEqualTo(1);
                        assertThat(limiter.acquire(policy, k, cost).allowed()).as("%s at retry-after", policy).isTrue();
                    }
                }
                clock.advanceMillis(random.nextInt(150));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("aHundredPerDay")
    void concurrentCallersGetExactlyTheBurst(Policy policy) throws Exception {
        assertThat(Concurrently.admitted(16, 1000, Duration.ofMinutes(2), () -> take(policy))).isEqualTo(100);
    }

    static List<Policy> aHundredPerDay() {
        return oneOfEach("100/1d");
    }

    // --- several policies decided together -----------------------------------------------------------

    private Decision peek(Policy policy) {
        return limiter.acquire(policy, key, 0);
    }

    private List<Decision> together(Acquisition... requests) {
        return limiter.acquireTogether(List.of(requests));
    }

    @ParameterizedTest
    @MethodSource("tenPerSecond")
    void aDenialByOnePolicyTakesNothingFromTheOthers(Policy other) {
        Policy empty = Policy.builder("route").rate("1/1d").build();
        take(empty);

        for (int i = 0; i < 3; i++) {
            List<Decision> first = together(new Acquisition(empty, key, 1), new Acquisition(other, key, 2));
            List<Decision> last = together(new Acquisition(other, key, 2), new Acquisition(empty, key, 1));

            assertThat(first.get(0).allowed()).isFalse();
            assertThat(first.get(0).policy()).isEqualTo("route");
            assertThat(first.get(0).retryAfterMillis()).isPositive();
            // would have passed, took nothing: it reports what a peek reports
            assertThat(first.get(1)).isEqualTo(peek(other));
            assertThat(first.get(1).remaining()).isEqualTo(10);
            assertThat(last.get(0)).isEqualTo(peek(other));
            assertThat(last.get(1).allowed()).isFalse();
        }
        assertThat(takeUntilDenied(other, 20)).isEqualTo(10);
    }

    @ParameterizedTest
    @MethodSource("tenPerSecond")
    void whenEveryPolicyPassesEveryOneTakes(Policy policy) {
        Policy route = Policy.builder("route").algorithm(Algorithm.GCRA).rate("4/1s,100/1h").build();

        List<Decision> decisions = together(new Acquisition(route, key, 1), new Acquisition(policy, key, 3));

        assertThat(decisions).allMatch(Decision::allowed);
        assertThat(decisions.get(0).remaining()).isEqualTo(3);
        assertThat(decisions.get(0).limit()).isEqualTo(Limit.parse("4/1s"));
        assertThat(decisions.get(1).remaining()).isEqualTo(7);
        assertThat(decisions.get(1).policy()).isEqualTo(policy.name());
        assertThat(peek(route).remaining()).isEqualTo(3);
        assertThat(peek(policy).remaining()).isEqualTo(7);
    }

    @Test
    void everyAlgorithmTogetherAllOrNone() {
        List<Policy> all = tenPerSecond();
        List<Acquisition> group = new ArrayList<>();
        all.forEach(p -> group.add(new Acquisition(p, key, 4)));
        Policy last = all.get(all.size() - 1);
        take(last, 7);   // 3 left: not enough for 4

        List<Decision> refused = limiter.acquireTogether(group);

        assertThat(refused.subList(0, all.size() - 1)).allMatch(d -> d.allowed() && d.remaining() == 10);
        assertThat(refused.get(all.size() - 1).allowed()).isFalse();
        assertThat(refused.get(all.size() - 1).remaining()).isEqualTo(3);
        for (Policy p : all.subList(0, all.size() - 1)) {
            assertThat(peek(p).remaining()).as(p.name()).isEqualTo(10);
        }

        limiter.reset(last, key);
        List<Decision> admitted = limiter.acquireTogether(group);
        assertThat(admitted).allMatch(d -> d.allowed() && d.remaining() == 6);
        for (Policy p : all) {
            assertThat(peek(p).remaining()).as(p.name()).isEqualTo(6);
        }
    }

    @ParameterizedTest
    @MethodSource("tenPerSecond")
    void aPeekInAGroupReportsAndTakesNothing(Policy policy) {
        Policy route = Policy.builder("route").rate("2/1d").build();
        take(policy, 4);

        List<Decision> admitted = together(new Acquisition(route, key, 1), new Acquisition(policy, key, 0));
        assertThat(admitted.get(1)).isEqualTo(peek(policy));
        assertThat(admitted.get(1).remaining()).isEqualTo(6);

        take(route);
        List<Decision> refused = together(new Acquisition(route, key, 1), new Acquisition(policy, key, 0));
        assertThat(refused.get(0).allowed()).isFalse();
        assertThat(refused.get(1)).isEqualTo(peek(policy));
        assertThat(peek(policy).remaining()).isEqualTo(6);
    }

    @ParameterizedTest
    @MethodSource("tenPerSecond")
    void aGroupOfDifferentClientsIsAllOrNoneToo(Policy policy) {
        Policy user = Policy.builder("user").rate("1/1d").build();
        String ip = key + "-ip";
        limiter.acquire(user, key, 1);

        List<Decision> refused = together(new Acquisition(policy, ip, 1), new Acquisition(user, key, 1));

        assertThat(refused.get(1).allowed()).isFalse();
        assertThat(refused.get(0)).isEqualTo(limiter.acquire(policy, ip, 0));
        assertThat(limiter.acquire(policy, ip, 0).remaining()).isEqualTo(10);
    }

    @ParameterizedTest
    @MethodSource("tenPerSecond")
    void aShadowPolicyThatDeniesDoesNotStopTheOthers(Policy policy) {
        Policy shadow = Policy.builder("shadow").rate("1/1d").enforce(false).build();
        take(shadow);

        List<Decision> decisions = together(new Acquisition(shadow, key, 1), new Acquisition(policy, key, 1));

        assertThat(decisions.get(0).allowed()).isFalse();   // reported, not enforced: the call goes ahead
        assertThat(decisions.get(1).allowed()).isTrue();
        assertThat(decisions.get(1).remaining()).isEqualTo(9);
        assertThat(peek(policy).remaining()).isEqualTo(9);
        assertThat(peek(shadow).remaining()).isZero();
    }

    @Test
    void aRequestLargerThanItsBurstRefusesTheGroup() {
        Policy route = Policy.builder("route").rate("10/1s").build();
        Policy small = Policy.builder("small").algorithm(Algorithm.LEAKY_BUCKET).rate("10/1s;burst=2").build();

        List<Decision> refused = together(new Acquisition(route, key, 3), new Acquisition(small, key, 3));

        assertThat(refused.get(1).canNeverSucceed()).isTrue();
        assertThat(refused.get(0).allowed()).isTrue();
        assertThat(peek(route).remaining()).isEqualTo(10);
    }

    @Test
    void aGroupOfOneIsOneDecisionAndAnEmptyGroupDecidesNothing() {
        Policy policy = Policy.builder("alone").rate("3/1s").build();

        assertThat(together(new Acquisition(policy, key, 2))).singleElement()
                .satisfies(d -> assertThat(d.remaining()).isEqualTo(1));
        assertThat(limiter.acquireTogether(List.of())).isEmpty();
        assertThat(peek(policy).remaining()).isEqualTo(1);
    }

    @Test
    void theSameBucketTwiceInAGroupIsRefusedWithTheReason() {
        Policy policy = Policy.builder("twice").rate("3/1s").build();

        assertThatThrownBy(() -> together(new Acquisition(policy, key, 1), new Acquisition(policy, key, 0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'twice'").hasMessageContaining("appear twice");
        assertThat(peek(policy).remaining()).isEqualTo(3);
    }

    @ParameterizedTest
    @MethodSource("aHundredPerDay")
    void concurrentGroupsTakeFromTheOtherPolicyOnlyWhenAdmitted(Policy scarce) throws Exception {
        Policy plenty = Policy.builder("plenty").rate("100000/1d").build();
        int threads = 16;
        int callsEach = 300;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        AtomicInteger groupsAdmitted = new AtomicInteger();
        AtomicInteger alone = new AtomicInteger();
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            done.add(pool.submit(() -> {
                start.await();
                for (int i = 0; i < callsEach; i++) {
                    if ((thread + i) % 4 == 0) {
                        // single decisions on the same bucket, interleaved with the groups
                        alone.addAndGet(limiter.acquire(plenty, key, 1).allowed() ? 1 : 0);
                    } else if (together(new Acquisition(plenty, key, 1), new Acquisition(scarce, key, 1)).stream()
                            .allMatch(Decision::allowed)) {
                        groupsAdmitted.incrementAndGet();
                    }
                }
                return null;
            }));
        }
        start.countDown();
        for (Future<?> f : done) {
            f.get(2, TimeUnit.MINUTES);
        }
        pool.shutdown();

        assertThat(groupsAdmitted.get()).isEqualTo(100);
        assertThat(alone.get()).isEqualTo(threads * callsEach / 4);
        assertThat(peek(plenty).remaining()).isEqualTo(100_000 - groupsAdmitted.get() - alone.get());
    }

    // --- extremes -----------------------------------------------------------------------------------

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"TOKEN_BUCKET", "GCRA", "LEAKY_BUCKET"})
    void decidesExactlyAtAHundredMillionPerSecond(Algorithm algorithm) {
        Policy policy = Policy.builder("fast").algorithm(algorithm).rate("100000000/1s").build();

        assertThat(take(policy, 100_000_000).allowed()).isTrue();
        Decision empty = take(policy);
        assertThat(empty.allowed()).isFalse();
        assertThat(empty.retryAfterMillis()).isEqualTo(1);   // 10 ns, rounded up

        clock.advanceMicros(1);   // 100 tokens per µs
        assertThat(take(policy, 0).remaining()).isEqualTo(100);
        clock.advanceMillis(1);
        assertThat(take(policy, 100_100).allowed()).isTrue();
        assertThat(take(policy).allowed()).isFalse();
    }

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"TOKEN_BUCKET", "GCRA", "LEAKY_BUCKET"})
    void decidesExactlyWithABurstOfATrillion(Algorithm algorithm) {
        Policy policy = Policy.builder("deep").algorithm(algorithm).rate("1000/1s;burst=1000000000000").build();

        assertThat(take(policy, 999_999_999_999L).remaining()).isEqualTo(1);
        assertThat(take(policy).remaining()).isZero();
        Decision d = take(policy, 1);
        assertThat(d.retryAfterMillis()).isEqualTo(1);
        assertThat(d.resetAfterMillis()).isEqualTo(1_000_000_000_000L);
        clock.advance(Duration.ofSeconds(3));
        assertThat(take(policy, 0).remaining()).isEqualTo(3000);
        assertThat(take(policy, 1_000_000_000_000L).canNeverSucceed()).isFalse();
        assertThat(take(policy, 1_000_000_000_001L).canNeverSucceed()).isTrue();
    }

    @ParameterizedTest
    @MethodSource("oneMillisecondWindows")
    void decidesExactlyWithOneMillisecondWindows(Policy policy) {
        clock.advanceMicros(250);   // not on a millisecond boundary
        assertThat(take(policy).allowed()).isTrue();
        Decision d = take(policy);
        assertThat(d.allowed()).isFalse();
        // the counter sees the previous 1 ms window whole for all of the next millisecond
        long expected = policy.algorithm() == Algorithm.SLIDING_WINDOW_COUNTER ? 2 : 1;
        assertRetryAfterIsExact(policy, d, expected);
    }

    /** {@code denial} says to come back in {@code millis}: a call 1 ms before that is denied, one then admitted. */
    private void assertRetryAfterIsExact(Policy policy, Decision denial, long millis) {
        assertThat(denial.retryAfterMillis()).isEqualTo(millis);
        clock.advanceMillis(millis - 1);
        assertThat(take(policy).allowed()).isFalse();
        clock.advanceMillis(1);
        assertThat(take(policy).allowed()).isTrue();
    }

    static List<Policy> oneMillisecondWindows() {
        return oneOfEach("1/1ms");
    }

    @ParameterizedTest
    @MethodSource("thirtyDayWindows")
    void decidesExactlyWithThirtyDayWindows(Policy policy) {
        long thirtyDays = Duration.ofDays(30).toMillis();
        // start on a window boundary (windows are aligned to the epoch); still far ahead of real time
        clock.setMicros(clock.nowMicros() - Math.floorMod(clock.nowMicros(), thirtyDays * 1000));

        assertThat(take(policy, 2).allowed()).isTrue();
        Decision d = take(policy);
        assertThat(d.allowed()).isFalse();
        long expected = policy.algorithm() == Algorithm.SLIDING_WINDOW_COUNTER ? thirtyDays + 1 : thirtyDays / 2;
        if (policy.algorithm() == Algorithm.FIXED_WINDOW || policy.algorithm() == Algorithm.SLIDING_WINDOW_LOG
                || policy.refill() == Refill.INTERVAL) {
            expected = thirtyDays;
        }
        assertRetryAfterIsExact(policy, d, expected);
    }

    static List<Policy> thirtyDayWindows() {
        return oneOfEach("2/30d");
    }
}
