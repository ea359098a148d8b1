package io.throttled.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.throttled.core.Algorithm;
import io.throttled.core.Refill;
import io.throttled.core.Acquisition;
import io.throttled.core.Decision;
import io.throttled.core.Limit;
import io.throttled.core.Policy;
import io.throttled.core.PolicyBuilder;
import io.throttled.core.Reservation;
import io.throttled.memory.InMemoryRateLimiter;
import io.throttled.testing.ManualClock;
import io.throttled.testing.RandomCases;
import io.throttled.testing.redis.RedisConnections;
import io.throttled.testing.redis.RequiresRedis;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * For every algorithm, 10,000 random timelines (random gaps down to the microsecond, costs from 0 past the
 * burst, one to three limits) decided by the Lua script on Redis and by the in-JVM twin on an explicit
 * clock: the decisions, remaining counts and deciding limits are identical, retry and reset within 1 ms.
 * The timelines run side by side: step n of every timeline goes to Redis in one pipeline. Groups of one to
 * four policies of mixed algorithms (some in shadow mode) go the same way through the group script and the
 * in-JVM store's all-or-none decision. Policies that wait (max-wait, max-waiters) go through the reservation
 * script and the twin's reservation, with give-backs of earlier reservations between the calls: the same
 * reservations (wait, slot, every state written and replaced) and the same give-backs.
 *
 * <p>Reproduce a failure with {@code -Dthrottled.seed=<seed printed in the failure>}.
 */
class ScriptTwinDifferentialTest {
    /** {@code -Dthrottled.differential.timelines=1000} makes a lighter run (the Redis 6.2 leg); counts below scale. */
    private static final int TIMELINES = Integer.getInteger("throttled.differential.timelines", 10_000);
    private static final int MAX_STEPS = 25;
    private static final int GROUP_TIMELINES = TIMELINES / 2;
    private static final int RESERVATION_TIMELINES = TIMELINES / 2;
    private static final long[] WINDOWS_MS = {1, 3, 10, 50, 100, 250, 700, 1000, 1500, 3000, 10_000, 60_000};

    @RegisterExtension
    static final RedisConnections redis = new RedisConnections();

    /** A count the full run (10,000 timelines) expects at least, for the number of timelines of this run. */
    private static int scaled(int atFullSize) {
        return (int) ((long) atFullSize * TIMELINES / 10_000);
    }

    /** The scripts whose decisions are compared, each call at the timeline's instant, keys under {@code keyPrefix}. */
    private static ScriptsAt onRedis(String keyPrefix) {
        return new ScriptsAt(redis.server(), keyPrefix);
    }

    @ParameterizedTest(name = "{0} {1} seed={2}")
    @MethodSource("io.throttled.testing.RandomCases#everyAlgorithm")
    void scriptAndTwinDecideAlike(Algorithm algorithm, Refill refill, long seed) {
        Random random = new Random(seed ^ algorithm.ordinal() * 31L ^ refill.ordinal());
        long start = ManualClock.aheadOfRealTime().nowMicros();
        List<Timeline> timelines = IntStream.range(0, TIMELINES)
                .mapToObj(i -> Timeline.random(i, algorithm, refill, start, random)).toList();
        ScriptsAt onRedis = onRedis("diff-" + seed + ":");

        for (int step = 0; step < MAX_STEPS; step++) {
            List<Timeline> running = new ArrayList<>();
            List<RedisRateLimiter.Request> requests = new ArrayList<>();
            for (Timeline t : timelines) {
                if (step < t.gaps.length) {
                    t.now += t.gaps[step];
                    running.add(t);
                    requests.add(new RedisRateLimiter.Request(t.policy, t.key, t.costs[step]));
                }
            }
            if (running.isEmpty()) {
                break;
            }
            long[] nows = running.stream().mapToLong(t -> t.now).toArray();
            List<Decision> fromScript = onRedis.acquireAll(requests, nows);
            for (int i = 0; i < running.size(); i++) {
                Timeline t = running.get(i);
                t.twinClock.setMicros(t.now);
                Decision fromTwin = t.twin.acquire(t.policy, t.key, t.costs[step]);
                t.history.add(fromScript.get(i) + " | twin " + fromTwin);
                if (!alike(fromScript.get(i), fromTwin)) {
                    fail("script and twin differ (seed=" + seed + ", " + algorithm + " " + refill + ") at step "
                            + step + " of timeline " + t.index + " " + t.policy + "\n" + t.describe(step));
                }
            }
        }
    }

    @ParameterizedTest(name = "groups seed={0}")
    @MethodSource("seeds")
    void groupScriptAndTwinDecideAlike(long seed) {
        Random random = new Random(seed);
        long start = ManualClock.aheadOfRealTime().nowMicros();
        List<GroupTimeline> timelines = IntStream.range(0, GROUP_TIMELINES)
                .mapToObj(i -> GroupTimeline.random(i, start, random)).toList();
        ScriptsAt onRedis = onRedis("diff-group-" + seed + ":");

        int refusedWhileOthersPassed = 0;
        int takenDespiteAShadowDenial = 0;
        for (int step = 0; step < MAX_STEPS; step++) {
            List<GroupTimeline> running = new ArrayList<>();
            List<List<Acquisition>> groups = new ArrayList<>();
            for (GroupTimeline t : timelines) {
                if (step < t.gaps.length) {
                    t.now += t.gaps[step];
                    running.add(t);
                    groups.add(t.requests(step));
                }
            }
            if (running.isEmpty()) {
                break;
            }
            long[] nows = running.stream().mapToLong(t -> t.now).toArray();
            List<List<Decision>> fromScript = onRedis.acquireTogether(groups, nows);
            for (int i = 0; i < running.size(); i++) {
                GroupTimeline t = running.get(i);
                t.twinClock.setMicros(t.now);
                List<Decision> fromTwin = t.twin.acquireTogether(groups.get(i));
                t.history.add(fromScript.get(i) + "\n      twin " + fromTwin);
                boolean refused = false;
                boolean othersPassed = false;
                boolean shadowDenied = false;
                for (int j = 0; j < fromTwin.size(); j++) {
                    if (!alike(fromScript.get(i).get(j), fromTwin.get(j))) {
                        fail("group script and twin differ (seed=" + seed + ") at step " + step + ", request " + j
                                + " of group timeline " + t.index + " " + t.policies + "\n" + t.describe(step));
                    }
                    Acquisition r = groups.get(i).get(j);
                    refused |= !fromTwin.get(j).allowed() && r.policy().enforce();
                    shadowDenied |= !fromTwin.get(j).allowed() && !r.policy().enforce();
                    othersPassed |= fromTwin.get(j).allowed() && r.cost() > 0;
                }
                refusedWhileOthersPassed += refused && othersPassed ? 1 : 0;
                takenDespiteAShadowDenial += !refused && shadowDenied && othersPassed ? 1 : 0;
            }
        }
        // the cases that set a group apart from single decisions did occur, many times
        assertThat(refusedWhileOthersPassed).isGreaterThan(scaled(1000));
        assertThat(takenDespiteAShadowDenial).isGreaterThan(scaled(100));
    }

    static Stream<Arguments> reservingAlgorithms() {
        long seed = RandomCases.seed();
        return Stream.of(Arguments.of(Algorithm.TOKEN_BUCKET, Refill.GREEDY, seed),
                Arguments.of(Algorithm.TOKEN_BUCKET, Refill.INTERVAL, seed), Arguments.of(Algorithm.GCRA, Refill.GREEDY, seed),
                Arguments.of(Algorithm.LEAKY_BUCKET, Refill.GREEDY, seed));
    }

    @ParameterizedTest(name = "reservations, give-backs and penalties {0} {1} seed={2}")
    @MethodSource("reservingAlgorithms")
    @RequiresRedis(value = "7.0", reason = "max-wait reserves with PEXPIRETIME; RedisVersionSupportTest checks the error")
    void reservationsAndGiveBacksAlike(Algorithm algorithm, Refill refill, long seed) {
        Random random = new Random(seed ^ algorithm.ordinal() * 131L ^ refill.ordinal());
        long start = ManualClock.aheadOfRealTime().nowMicros();
        List<Timeline> timelines = IntStream.range(0, RESERVATION_TIMELINES)
                .mapToObj(i -> Timeline.randomWaiting(i, algorithm, refill, start, random)).toList();
        ScriptsAt onRedis = onRedis("diff-reserve-" + algorithm.keyCode() + refill.ordinal() + "-" + seed + ":");
        int reserved = 0;
        int returned = 0;
        int gapsKept = 0;
        int refusedForWaiters = 0;
        int pushed = 0;
        int farEnoughAlready = 0;
        for (int step = 0; step < MAX_STEPS; step++) {
            List<Timeline> pushing = new ArrayList<>();
            List<Long> pushes = new ArrayList<>();
            List<Timeline> deciding = new ArrayList<>();
            List<RedisRateLimiter.Request> requests = new ArrayList<>();
            List<Timeline> releasing = new ArrayList<>();
            List<Reservation> releases = new ArrayList<>();
            for (Timeline t : timelines) {
                if (step >= t.gaps.length) {
                    continue;
                }
                t.now += t.gaps[step];
                // now and then the partner answers 429 (a penalty); now and then a waiter gives up: one of this
                // timeline's reservations, any of them
                if (random.nextInt(10) == 0) {
                    pushing.add(t);
                    pushes.add(1 + (long) (random.nextDouble() * t.policy.waiting().maxWaitMillis()));
                } else if (!t.reservations.isEmpty() && random.nextInt(4) == 0) {
                    releasing.add(t);
                    releases.add(t.reservations.remove(random.nextInt(t.reservations.size())));
                } else {
                    deciding.add(t);
                    requests.add(new RedisRateLimiter.Request(t.policy, t.key, t.costs[step]));
                }
            }
            if (deciding.isEmpty() && releasing.isEmpty() && pushing.isEmpty()) {
                break;
            }
            for (int i = 0; i < pushing.size(); i++) {
                Timeline t = pushing.get(i);
                boolean movedOnRedis = onRedis.penalize(t.policy, t.key, pushes.get(i), t.now);
                t.twinClock.setMicros(t.now);
                boolean movedTwin = t.twin.penalize(t.policy, t.key, pushes.get(i));
                t.history.add("push on " + pushes.get(i) + " ms: " + movedOnRedis + " | twin " + movedTwin);
                if (movedOnRedis != movedTwin) {
                    fail("penalty differs (seed=" + seed + ", " + algorithm + " " + refill + ") at step " + step
                            + " of timeline " + t.index + " " + t.policy + "\n" + t.describe(step));
                }
                pushed += movedTwin ? 1 : 0;
                farEnoughAlready += movedTwin ? 0 : 1;
            }
            List<Decision> fromScript = onRedis.reserveAll(requests, deciding.stream().mapToLong(t -> t.now).toArray());
            List<Boolean> releasedOnRedis = onRedis.releaseAll(releasing.stream().map(t -> t.policy).toList(), releases,
                    releasing.stream().mapToLong(t -> t.now).toArray());
            for (int i = 0; i < deciding.size(); i++) {
                Timeline t = deciding.get(i);
                t.twinClock.setMicros(t.now);
                Decision fromTwin = t.twin.reserve(t.policy, t.key, t.costs[step]);
                t.history.add(fromScript.get(i) + " " + fromScript.get(i).reservation() + " | twin " + fromTwin + " "
                        + fromTwin.reservation());
                if (!alike(fromScript.get(i), fromTwin)
                        || !java.util.Objects.equals(fromScript.get(i).reservation(), fromTwin.reservation())) {
                    fail("reservation script and twin differ (seed=" + seed + ", " + algorithm + " " + refill
                            + ") at step " + step + " of timeline " + t.index + " " + t.policy + "\n" + t.describe(step));
                }
                if (fromTwin.reserved()) {
                    reserved++;
                    t.reservations.add(fromTwin.reservation());
                    assertThat(fromTwin.waitMillis()).isBetween(1L, t.policy.waiting().maxWaitMillis());
                } else if (!fromTwin.allowed() && t.policy.waiting().bounded() && !fromTwin.canNeverSucceed()
                        && fromTwin.retryAfterMillis() <= t.policy.waiting().maxWaitMillis() && t.costs[step] > 0) {
                    refusedForWaiters++;
                }
            }
            for (int i = 0; i < releasing.size(); i++) {
                Timeline t = releasing.get(i);
                t.twinClock.setMicros(t.now);
                boolean twinReleased = t.twin.release(t.policy, releases.get(i));
                t.history.add("give back " + releases.get(i) + ": " + releasedOnRedis.get(i) + " | twin " + twinReleased);
                if (twinReleased != releasedOnRedis.get(i)) {
                    fail("give-back differs (seed=" + seed + ", " + algorithm + " " + refill + ") at step " + step
                            + " of timeline " + t.index + " " + t.policy + "\n" + t.describe(step));
                }
                returned += twinReleased ? 1 : 0;
                gapsKept += twinReleased ? 0 : 1;
            }
        }
        // every case happened, many times
        assertThat(reserved).isGreaterThan(scaled(1000));
        assertThat(returned).isGreaterThan(scaled(100));
        assertThat(gapsKept).isGreaterThan(scaled(100));
        assertThat(refusedForWaiters).isGreaterThan(scaled(100));
        assertThat(pushed).isGreaterThan(scaled(100));
        assertThat(farEnoughAlready).isGreaterThan(scaled(10));
    }

    static Stream<Long> seeds() {
        return Stream.of(RandomCases.seed());
    }

    private static boolean alike(Decision a, Decision b) {
        return a.allowed() == b.allowed() && a.remaining() == b.remaining() && a.limit().equals(b.limit())
                && within1(a.retryAfterMillis(), b.retryAfterMillis())
                && within1(a.resetAfterMillis(), b.resetAfterMillis());
    }

    private static boolean within1(long a, long b) {
        return (a == Decision.NEVER) == (b == Decision.NEVER) && Math.abs(a - b) <= 1;
    }

    /** One client's calls: gaps (µs) and costs. */
    static final class Timeline {
        final int index;
        final Policy policy;
        final String key;
        final long[] gaps;
        final long[] costs;
        final List<String> history = new ArrayList<>();
        final List<Reservation> reservations = new ArrayList<>();
        // each timeline has its own twin: one clock shared by timelines would jump back and forth
        final ManualClock twinClock = new ManualClock(0);
        final InMemoryRateLimiter twin = InMemoryRateLimiter.builder().clock(twinClock).build();
        long now;

        private Timeline(int index, Policy policy, long start, long[] gaps, long[] costs) {
            this.index = index;
            this.policy = policy;
            this.key = "t" + index;
            this.now = start;
            this.gaps = gaps;
            this.costs = costs;
        }

        /** A gap before a step (µs): none, a few ms, or up to twice the smallest or the largest window. */
        static long randomGap(Random random, long smallest, long largest) {
            int kind = random.nextInt(20);
            return kind < 5 ? 0
                    : kind < 10 ? random.nextInt(2_000)
                    : kind < 16 ? (long) (random.nextDouble() * 2 * smallest)
                    : (long) (random.nextDouble() * 2 * largest);
        }

        static Timeline random(int index, Algorithm algorithm, Refill refill, long base, Random random) {
            Policy policy = randomPolicy("p", algorithm, refill, random);
            long smallest = policy.limits().stream().mapToLong(Limit::windowMicros).min().orElseThrow();
            long largest = policy.limits().stream().mapToLong(Limit::windowMicros).max().orElseThrow();
            long burst = policy.limits().stream().mapToLong(Limit::burst).min().orElseThrow();
            int steps = 1 + random.nextInt(MAX_STEPS);
            long[] gaps = new long[steps];
            long[] costs = new long[steps];
            for (int i = 0; i < steps; i++) {
                gaps[i] = randomGap(random, smallest, largest);
                int c = random.nextInt(20);
                costs[i] = c < 2 ? 0 : c < 13 ? 1 : c < 19 ? 2 + random.nextInt(4) : burst + random.nextInt(2);
            }
            // each timeline starts somewhere in the hour, so windows are met at every phase
            return new Timeline(index, policy, base + (long) (random.nextDouble() * 3_600_000_000L), gaps, costs);
        }

        /** A timeline of a policy that waits: max-wait up to twice its longest window, sometimes max-waiters. */
        static Timeline randomWaiting(int index, Algorithm algorithm, Refill refill, long base, Random random) {
            Timeline t = random(index, algorithm, refill, base, random);
            long largest = t.policy.limits().stream().mapToLong(Limit::windowMillis).max().orElseThrow();
            long maxWait = 1 + (long) (random.nextDouble() * 2 * largest);
            long maxWaiters = random.nextBoolean() ? 0 : 1 + random.nextInt(4);
            Policy waiting = t.policy.toBuilder().maxWait(java.time.Duration.ofMillis(maxWait)).maxWaiters(maxWaiters).build();
            return new Timeline(index, waiting, t.now, t.gaps, t.costs);
        }

        static Policy randomPolicy(String name, Algorithm algorithm, Refill refill, Random random) {
            int count = random.nextInt(10) < 6 ? 1 : random.nextInt(10) < 7 ? 2 : 3;
            List<Long> windows = new ArrayList<>();
            while (windows.size() < count) {
                long w = WINDOWS_MS[random.nextInt(WINDOWS_MS.length)];
                if (!windows.contains(w)) {
                    windows.add(w);
                }
            }
            List<Limit> limits = new ArrayList<>();
            for (long w : windows) {
                long quantity = random.nextInt(8) == 0 ? 50 + random.nextInt(950) : 1 + random.nextInt(20);
                long burst = algorithm.usesBurst() && random.nextBoolean() ? 1 + random.nextInt(40) : quantity;
                limits.add(new Limit(quantity, w, burst));
            }
            PolicyBuilder builder = Policy.builder(name).algorithm(algorithm).refill(refill).limits(limits);
            return builder.build();
        }

        String describe(int upTo) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i <= upTo; i++) {
                sb.append(String.format("  step %d: +%dµs cost %d -> %s%n", i, gaps[i], costs[i], history.get(i)));
            }
            return sb.toString();
        }
    }

    /** One client's calls that each meet several policies: gaps (µs) and a cost per policy per step. */
    private static final class GroupTimeline {
        final int index;
        final List<Policy> policies;
        final List<String> keys;
        final long[] gaps;
        final long[][] costs;
        final List<String> history = new ArrayList<>();
        final ManualClock twinClock = new ManualClock(0);
        final InMemoryRateLimiter twin = InMemoryRateLimiter.builder().clock(twinClock).build();
        long now;

        private GroupTimeline(int index, List<Policy> policies, List<String> keys, long start, long[] gaps,
                              long[][] costs) {
            this.index = index;
            this.policies = policies;
            this.keys = keys;
            this.now = start;
            this.gaps = gaps;
            this.costs = costs;
        }

        static GroupTimeline random(int index, long base, Random random) {
            int size = 1 + random.nextInt(4);
            List<Policy> policies = new ArrayList<>();
            List<String> keys = new ArrayList<>();
            for (int p = 0; p < size; p++) {
                Algorithm algorithm = Algorithm.values()[random.nextInt(Algorithm.values().length)];
                Refill refill = algorithm == Algorithm.TOKEN_BUCKET && random.nextBoolean() ? Refill.INTERVAL : Refill.GREEDY;
                Policy policy = Timeline.randomPolicy("p" + p, algorithm, refill, random).toBuilder()
                        .enforce(random.nextInt(6) != 0).build();
                policies.add(policy);
                keys.add(random.nextBoolean() ? "g" + index : "g" + index + "-" + p);   // one client, or several
            }
            long smallest = Long.MAX_VALUE;
            long largest = 0;
            for (Policy policy : policies) {
                for (Limit limit : policy.limits()) {
                    smallest = Math.min(smallest, limit.windowMicros());
                    largest = Math.max(largest, limit.windowMicros());
                }
            }
            int steps = 1 + random.nextInt(MAX_STEPS);
            long[] gaps = new long[steps];
            long[][] costs = new long[steps][size];
            for (int i = 0; i < steps; i++) {
                gaps[i] = Timeline.randomGap(random, smallest, largest);
                for (int p = 0; p < size; p++) {
                    long burst = policies.get(p).limits().stream().mapToLong(Limit::burst).min().orElseThrow();
                    int c = random.nextInt(20);
                    costs[i][p] = c < 3 ? 0 : c < 14 ? 1 : c < 19 ? 2 + random.nextInt(4) : burst + random.nextInt(2);
                }
            }
            return new GroupTimeline(index, policies, keys, base + (long) (random.nextDouble() * 3_600_000_000L), gaps,
                    costs);
        }

        List<Acquisition> requests(int step) {
            List<Acquisition> requests = new ArrayList<>(policies.size());
            for (int p = 0; p < policies.size(); p++) {
                requests.add(new Acquisition(policies.get(p), keys.get(p), costs[step][p]));
            }
            return requests;
        }

        String describe(int upTo) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i <= upTo; i++) {
                sb.append(String.format("  step %d: +%dµs costs %s -> %s%n", i, gaps[i],
                        java.util.Arrays.toString(costs[i]), history.get(i)));
            }
            return sb.toString();
        }
    }
}
