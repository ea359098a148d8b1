package io.throttled.jaxrs;

import static org.assertj.core.api.Assertions.fail;

import io.throttled.core.Algorithm;
import io.throttled.core.Refill;
import io.throttled.cdi.Outcome;
import io.throttled.config.HeaderStyle;
import io.throttled.core.Decision;
import io.throttled.core.InvalidPolicyException;
import io.throttled.core.Limit;
import io.throttled.core.Policy;
import io.throttled.memory.InMemoryRateLimiter;
import io.throttled.testing.ManualClock;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The headers agree with themselves, for every algorithm: random valid policies (quantities, windows and
 * bursts from 1 up to a million, one to three limits) decided by the in-JVM store through random timelines
 * (gaps from 0 to several refill times, costs from 0 past the burst), and for every decision the
 * {@code RateLimit-Policy} quota {@code q} of the deciding limit is at least the {@code r} that
 * {@code RateLimit} reports. Two more properties keep the announcement honest rather than merely large: a
 * fresh key's peek reports exactly {@code q}, and from any state, {@code w} seconds without taking (two for
 * the sliding-window counter, whose previous window fades over a second one) give back all of {@code q}.
 *
 * <p>Reproduce a failure with {@code -Dthrottled.seed=<seed printed in the failure>}.
 */
class RateLimitHeadersPropertyTest {
    private static final int TIMELINES = 2_000;
    private static final int MAX_STEPS = 40;
    private static final double MAX_GAP_MICROS = 30 * 86_400e6;
    private static final long[] UNIT_MILLIS = {1, 1_000, 60_000, 3_600_000, 86_400_000};
    private static final Pattern POLICY_ITEM = Pattern.compile("\"([^\"]+)\";q=(\\d+);w=(\\d+)");
    private static final Pattern LIMIT_ITEM = Pattern.compile("\"([^\"]+)\";r=(\\d+);t=(\\d+)");

    @ParameterizedTest(name = "{0} {1} seed={2}")
    @MethodSource("io.throttled.testing.RandomCases#everyAlgorithm")
    void theAnnouncedQuotaIsNeverBelowWhatRemains(Algorithm algorithm, Refill refill, long seed) {
        Random random = new Random(seed ^ algorithm.ordinal() * 31L ^ refill.ordinal());
        long start = ManualClock.aheadOfRealTime().nowMicros();

        for (int t = 0; t < TIMELINES; t++) {
            Policy policy = randomPolicy(algorithm, refill, random);
            String key = "t" + t;
            List<String> history = new ArrayList<>();
            // a clock per timeline, each at its own phase of the clock-aligned windows: one clock moved by
            // every timeline's gaps would run past the microsecond range the store is exact in
            ManualClock clock = new ManualClock(start + (long) (random.nextDouble() * 3_600_000_000L));
            InMemoryRateLimiter limiter = InMemoryRateLimiter.builder().clock(clock).build();

            Headers fresh = decide(limiter, clock, policy, key, 0, history);
            if (fresh.remaining != fresh.quota) {
                fail("a fresh key's peek reports r=" + fresh.remaining + " but q=" + fresh.quota + context(seed, policy, history));
            }
            int steps = 1 + random.nextInt(MAX_STEPS);
            for (int step = 0; step < steps; step++) {
                clock.advanceMicros(gap(policy, fresh, random));
                Headers h = decide(limiter, clock, policy, key, cost(policy, random), history);
                if (h.quota < h.remaining) {
                    fail("q=" + h.quota + " is below r=" + h.remaining + context(seed, policy, history));
                }
            }
            Headers last = decide(limiter, clock, policy, key, 0, history);
            long fadeWindows = algorithm == Algorithm.SLIDING_WINDOW_COUNTER ? 2 : 1;
            clock.advanceMillis(fadeWindows * last.longestWindowSeconds * 1000);
            Headers later = decide(limiter, clock, policy, key, 0, history);
            if (later.remaining != later.quota) {
                fail(fadeWindows + " × w=" + last.longestWindowSeconds + " s after the last call r=" + later.remaining
                        + " but q=" + later.quota + context(seed, policy, history));
            }
        }
    }

    /** One acquire, and what the IETF headers say about its deciding limit. */
    private static Headers decide(InMemoryRateLimiter limiter, ManualClock clock, Policy policy, String key, long cost,
                                  List<String> history) {
        Decision d = limiter.acquire(policy, key, cost);
        Map<String, String> headers = RateLimitHeaders.of(EnumSet.of(HeaderStyle.IETF),
                List.of(new Outcome(policy, key, d)), clock.nowMicros() / 1000);
        sameAsTheGeneralPath(policy, key, d, clock.nowMicros() / 1000);
        history.add(String.format("@%dµs cost %d -> %s | %s | %s", clock.nowMicros(), cost, d,
                headers.get(RateLimitHeaders.POLICY), headers.get(RateLimitHeaders.RATE_LIMIT)));
        Map<String, long[]> announced = new HashMap<>();
        long longest = 0;
        Matcher p = POLICY_ITEM.matcher(headers.get(RateLimitHeaders.POLICY));
        while (p.find()) {
            long w = Long.parseLong(p.group(3));
            if (w < 1) {
                throw new AssertionError("w=" + w + " must be a whole number of seconds, at least 1");
            }
            announced.put(p.group(1), new long[] {Long.parseLong(p.group(2)), w});
            longest = Math.max(longest, w);
        }
        Matcher r = LIMIT_ITEM.matcher(headers.get(RateLimitHeaders.RATE_LIMIT));
        if (!r.find() || !announced.containsKey(r.group(1))) {
            throw new AssertionError("RateLimit names no announced policy item:\n" + String.join("\n", history));
        }
        long[] qw = announced.get(r.group(1));
        return new Headers(qw[0], qw[1], Long.parseLong(r.group(2)), longest);
    }

    /**
     * A lone decision's headers take a shorter path; with a second, stateless outcome (failure mode open, which
     * adds nothing) the general path must give the same headers in the same order, in both styles.
     */
    private static void sameAsTheGeneralPath(Policy policy, String key, Decision d, long nowMillis) {
        Outcome only = new Outcome(policy, key, d);
        Outcome stateless = new Outcome(policy, key, new Decision(true, 0, 0, 0, policy.limits().get(0), policy.name(),
                Decision.Origin.FAIL_OPEN));
        EnumSet<HeaderStyle> both = EnumSet.allOf(HeaderStyle.class);
        List<Map.Entry<String, String>> single = List.copyOf(RateLimitHeaders.of(both, List.of(only), nowMillis).entrySet());
        List<Map.Entry<String, String>> general = List.copyOf(
                RateLimitHeaders.of(both, List.of(stateless, only), nowMillis).entrySet());
        if (!single.equals(general)) {
            throw new AssertionError("one decision alone gives " + single + " but with a stateless one " + general);
        }
    }

    /** The deciding limit's q, w and r, and the longest w of the policy (after which every limit is full). */
    private record Headers(long quota, long windowSeconds, long remaining, long longestWindowSeconds) {
    }

    /**
     * Mostly within a window or a refill time, sometimes nothing, sometimes long enough to be full again;
     * at most 30 days, so a timeline stays in the range the clock is exact in.
     */
    private static long gap(Policy policy, Headers fresh, Random random) {
        long window = policy.limits().get(random.nextInt(policy.limits().size())).windowMicros();
        double refill = fresh.windowSeconds * 1e6;
        int kind = random.nextInt(20);
        double gap = kind < 4 ? 0
                : kind < 8 ? random.nextInt(2_000)
                : kind < 15 ? random.nextDouble() * 2 * window
                : kind < 19 ? random.nextDouble() * refill
                : random.nextDouble() * 3 * refill;
        return (long) Math.min(gap, MAX_GAP_MICROS);
    }

    /** Peeks, single calls, calls of several units, calls of a whole burst and calls that can never pass. */
    private static long cost(Policy policy, Random random) {
        long burst = policy.limits().stream().mapToLong(Limit::burst).min().orElseThrow();
        int c = random.nextInt(20);
        return c < 2 ? 0
                : c < 10 ? 1
                : c < 16 ? 1 + (long) (random.nextDouble() * Math.min(burst, 20))
                : c < 19 ? 1 + (long) (random.nextDouble() * burst)
                : burst + 1;
    }

    private static Policy randomPolicy(Algorithm algorithm, Refill refill, Random random) {
        while (true) {
            int count = random.nextInt(10) < 6 ? 1 : random.nextInt(10) < 7 ? 2 : 3;
            List<Limit> limits = new ArrayList<>();
            List<Long> windows = new ArrayList<>();
            while (limits.size() < count) {
                long unit = UNIT_MILLIS[random.nextInt(UNIT_MILLIS.length)];
                long window = unit * (1 + random.nextInt(unit == 1 ? 1_500 : unit == 86_400_000 ? 3 : 90));
                if (windows.contains(window)) {
                    continue;
                }
                windows.add(window);
                long quantity = logUniform(random, algorithm == Algorithm.SLIDING_WINDOW_LOG ? 10_000 : 1_000_000);
                long burst = algorithm.usesBurst() && random.nextBoolean() ? logUniform(random, 1_000_000) : quantity;
                limits.add(new Limit(quantity, window, burst));
            }
            try {
                return Policy.builder("p").algorithm(algorithm).refill(refill).limits(limits).build();
            } catch (InvalidPolicyException outsideTheExactRange) {
                // e.g. a burst too large for its window's arithmetic: draw again, only valid policies count
            }
        }
    }

    /** 1 to max, each order of magnitude as likely as the next. */
    private static long logUniform(Random random, long max) {
        return Math.max(1, Math.min(max, (long) Math.pow(max, random.nextDouble())));
    }

    private static String context(long seed, Policy policy, List<String> history) {
        return " (seed=" + seed + ", " + policy.algorithm() + " " + policy.refill() + " " + policy.rate() + ")\n"
                + String.join("\n", history);
    }
}
