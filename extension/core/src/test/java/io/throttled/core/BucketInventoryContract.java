package io.throttled.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.testing.ManualClock;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Listing, inspecting and resetting buckets, the same on every store. */
public abstract class BucketInventoryContract {
    private static int runs;

    protected ManualClock clock;
    private RateLimiter limiter;
    private BucketInventory inventory;
    private String prefix;

    /** A limiter on this clock and key prefix; it must also be a {@link BucketInventory}. */
    protected abstract RateLimiter limiterOn(ManualClock clock, String keyPrefix);

    @BeforeEach
    void fresh() {
        clock = ManualClock.aheadOfRealTime();
        prefix = "inv" + ++runs + ":";
        limiter = limiterOn(clock, prefix);
        inventory = (BucketInventory) limiter;
    }

    /** Whether the store resets in batches (Redis) rather than at once (memory). */
    protected boolean resetsInBatches() {
        return false;
    }

    @ParameterizedTest
    @MethodSource("policies")
    void aResetBoundedInTimeSaysWhereToGoOnAndEndsWithEveryKeyGone(Policy policy) {
        for (int i = 0; i < 1200; i++) {
            limiter.acquire(policy, "c" + i);
        }
        long removed = 0;
        int calls = 0;
        String cursor = BucketInventory.KeyPage.START;
        BucketInventory.ResetProgress step;
        do {
            step = inventory.resetSome(policy, cursor, java.time.Duration.ZERO);   // no time: one batch a call
            removed += step.removed();
            cursor = step.nextCursor();
            calls++;
        } while (!step.complete() && calls < 1000);

        assertThat(step.complete()).isTrue();
        assertThat(removed).isGreaterThanOrEqualTo(1200);
        assertThat(calls).isGreaterThan(resetsInBatches() ? 1 : 0).isLessThan(resetsInBatches() ? 1000 : 2);
        assertThat(inventory.keys(policy, BucketInventory.KeyPage.START, 1000).keys()).isEmpty();
    }

    static List<Policy> policies() {
        return List.of(Policy.builder("two").rate("5/1m,100/1h").build(),
                Policy.builder("windows").algorithm(Algorithm.FIXED_WINDOW).rate("5/1m").build(),
                Policy.builder("counter").algorithm(Algorithm.SLIDING_WINDOW_COUNTER).rate("5/1m").build());
    }

    @ParameterizedTest
    @MethodSource("policies")
    void listsEveryLiveClientOncePageByPage(Policy policy) {
        Set<String> expected = new HashSet<>();
        for (int i = 0; i < 250; i++) {
            limiter.acquire(policy, "c" + i);
            expected.add("c" + i);
        }
        Policy other = Policy.builder("other-" + policy.name()).rate("5/1m").build();
        limiter.acquire(other, "not-listed");

        Set<String> seen = new HashSet<>();
        String cursor = BucketInventory.KeyPage.START;
        int pages = 0;
        do {
            BucketInventory.KeyPage page = inventory.keys(policy, cursor, 40);
            assertThat(page.keys().size()).isLessThanOrEqualTo(2 * 40 + 10);   // SCAN's COUNT is a hint
            seen.addAll(page.keys());
            cursor = page.nextCursor();
            pages++;
        } while (!BucketInventory.KeyPage.START.equals(cursor) && pages < 1000);

        assertThat(seen).isEqualTo(expected);
    }

    @ParameterizedTest
    @MethodSource("policies")
    void reportsTimeToLiveAndResetsAll(Policy policy) {
        limiter.acquire(policy, "alice");
        assertThat(inventory.timeToLiveMillis(policy, "alice")).isPresent();
        assertThat(inventory.timeToLiveMillis(policy, "alice").getAsLong()).isPositive();
        assertThat(inventory.timeToLiveMillis(policy, "bob")).isEmpty();
        for (int i = 0; i < 1200; i++) {
            limiter.acquire(policy, "c" + i);
        }

        assertThat(inventory.resetAll(policy)).isGreaterThanOrEqualTo(1201);

        assertThat(inventory.keys(policy, BucketInventory.KeyPage.START, 1000).keys()).isEmpty();
        assertThat(limiter.acquire(policy, "alice", 0).remaining()).isEqualTo(5);
    }
}
