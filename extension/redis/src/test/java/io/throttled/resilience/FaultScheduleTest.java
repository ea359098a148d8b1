package io.throttled.resilience;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.throttled.core.Decision;
import io.throttled.core.FailureMode;
import io.throttled.core.Policy;
import io.throttled.memory.InMemoryRateLimiter;
import io.throttled.redis.RedisConnections;
import io.throttled.redis.RedisRateLimiter;
import io.throttled.redis.RedisSettings;
import io.throttled.resilience.AdmissionChecker.Call;
import io.throttled.resilience.AdmissionChecker.Verdict;
import io.throttled.testing.Slow;
import io.throttled.testing.redis.RedisBinaries;
import io.throttled.testing.redis.RedisClusterProcess;
import io.throttled.testing.redis.RedisProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Seeded random fault schedules against the local fallback's bound. Each schedule: a fault made with Redis' own
 * means ({@link Faults}: {@code CLIENT PAUSE WRITE}, {@code CLIENT PAUSE ALL}, {@code DEBUG SLEEP}, {@code CLIENT
 * KILL} of the application's connections, a restart that keeps the data, a Sentinel failover, a Cluster slot
 * migration), injected at a random moment of a burst, lasting 50-600 ms; 20-50 keys; 4-8 caller threads; a random
 * token bucket; one node or two (two {@link ResilientRateLimiter}s, each on its own pool, the callers picking one per
 * call). Every decision is recorded with the nanoTime before the call and after it returned, and
 * {@link AdmissionChecker} checks every key: over any interval, one node admits at most {@code B + r·(b − a) + 1};
 * two nodes at most that plus {@code Σ(B + ⌈r·D⌉)} over one node's fallback periods D overlapping the interval.
 *
 * <p>Built as production builds it: {@code ResilientRateLimiter.builder}, failure mode {@code local}, a breaker of 5
 * failures and 1 s, the over-limit cache, the 50 ms timeout and the other defaults of {@link RedisSettings}.
 *
 * <p>The CI run is 50 schedules, about 2 minutes ({@code mvn verify}, or this class alone:
 * {@code mvn -B -o test -pl extension/core,extension/redis -Dtest='FaultScheduleTest'
 * -Dsurefire.failIfNoSpecifiedTests=false -Dthrottled.tests.excluded=nothing}). Properties:
 * <ul>
 *   <li>{@code -Dthrottled.faults.schedules=1000}: the soak, the same test with more schedules (200 took
 *       373 s here, so 1,000 about 35 minutes);</li>
 *   <li>{@code -Dthrottled.faults.minutes=90}: starts no schedule after this long (default 10, or 120 past 50
 *       schedules); the report says how many ran;</li>
 *   <li>{@code -Dthrottled.faults.base-seed=...}: another series of schedules (default fixed, so CI runs the same 50);</li>
 *   <li>{@code -Dthrottled.faults.seed=...}: replays the one schedule a failure printed (its decisions are written
 *       to {@code target/fault-schedules/seed-<seed>.csv} when it is over the bound);</li>
 *   <li>{@code -Dthrottled.faults.sentinels-demote=true}: a Sentinel failover waits for the Sentinels to make the old
 *       master a replica (10-20 s), rather than making it one as soon as they named the new master.</li>
 * </ul>
 * Of each 25 schedules, one is a Sentinel failover and one a Cluster slot migration (their topologies are started
 * once, when first needed); the others are drawn among the five faults on one server.
 */
@Slow
class FaultScheduleTest {
    private static final long TIMEOUT_MILLIS = 50;
    private static final String[] RATES = {"20/1s", "10/500ms", "30/1s", "50/2s", "5/100ms"};

    enum Kind { PAUSE_WRITE, PAUSE_ALL, DEBUG_SLEEP, CLIENT_KILL, RESTART, SENTINEL, CLUSTER }

    private static final Kind[] ON_ONE_SERVER = {Kind.PAUSE_WRITE, Kind.PAUSE_ALL, Kind.DEBUG_SLEEP, Kind.CLIENT_KILL,
            Kind.RESTART};

    private static RedisProcess server;
    private static SentinelTopology sentinel;
    private static RedisClusterProcess cluster;

    @AfterAll
    static void stopTopologies() {
        if (server != null) {
            server.close();
        }
        if (sentinel != null) {
            sentinel.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void everyScheduleKeepsTheBound() throws Exception {
        Long replay = Long.getLong("throttled.faults.seed");
        int schedules = replay != null ? 1 : Integer.getInteger("throttled.faults.schedules", 50);
        long minutes = Long.getLong("throttled.faults.minutes", schedules > 50 ? 120 : 10);
        long deadline = System.nanoTime() + Duration.ofMinutes(minutes).toNanos();
        SplittableRandom seeds = new SplittableRandom(Long.getLong("throttled.faults.base-seed", 20_261_206L));
        Totals totals = new Totals();
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < schedules && System.nanoTime() < deadline; i++) {
            long seed;
            if (replay != null) {
                seed = replay;
            } else {
                long drawn = seeds.nextLong();
                Kind kind = i % 25 == 12 ? Kind.SENTINEL : i % 25 == 24 ? Kind.CLUSTER
                        : ON_ONE_SERVER[(int) Math.floorMod(drawn >>> 8, (long) ON_ONE_SERVER.length)];
                seed = (drawn & ~0xFFL) | kind.ordinal();   // the seed names its fault: a replay makes the same
            }
            Schedule schedule = Schedule.of(seed, i);
            Outcome outcome = run(schedule);
            totals.add(schedule, outcome);
            String line = schedule + " -> " + outcome;
            System.out.println("fault schedule " + i + ": " + line);
            if (!outcome.verdict.withinBound()) {
                failures.add(line + " (replay: -Dthrottled.faults.seed=" + seed + ")");
            }
        }
        Reliability.report("fault schedules: Redis faults made with its own commands against the local fallback's bound",
                totals.describe(schedules) + (failures.isEmpty() ? "" : "; OVER THE BOUND: " + failures));
        assertThat(failures).as("schedules over the bound, each with the seed that replays it").isEmpty();
        assertThat(totals.run).isPositive();
    }

    /** One schedule, everything drawn from its seed. */
    record Schedule(long seed, int index, Kind kind, long lengthMillis, long injectAtMillis, int keys, int threads,
                    int nodes, String rate) {
        static Schedule of(long seed, int index) {
            Kind kind = Kind.values()[(int) (seed & 0xFF) % Kind.values().length];
            SplittableRandom r = new SplittableRandom(seed);
            return new Schedule(seed, index, kind, 50 + r.nextInt(551), 100 + r.nextInt(400), 20 + r.nextInt(31),
                    4 + r.nextInt(5), 1 + r.nextInt(2), RATES[r.nextInt(RATES.length)]);
        }

        Policy policy() {
            return Policy.builder("faults-" + index + "-" + Long.toHexString(seed & 0xFFFFFFL)).rate(rate).build();
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%s %d ms at +%d ms, %d keys, %d threads, %d node%s, %s (seed %d)",
                    kind, lengthMillis, injectAtMillis, keys, threads, nodes, nodes > 1 ? "s" : "", rate, seed);
        }
    }

    /** What a schedule measured. */
    record Outcome(Verdict verdict, long calls, long timedOut, long localDecisions, long episodes, long burst,
                   double ratePerMs) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%d calls, %d admitted (a perfect bucket: %d, under-admitted %d), %d decided locally in %d"
                    + " episodes (longest period %.0f ms), %d timed out; worst over the envelope %.2f, over the bound"
                    + " %.2f (key %s; with D summed over a node's periods: %.2f)", calls, verdict.admissions(),
                    verdict.perfectAdmissions(), verdict.underAdmissions(), localDecisions, episodes, verdict.longestPeriodMs(), timedOut,
                    verdict.worstOverEnvelope(), verdict.worstExcess(), verdict.worstKey(), verdict.worstExcessSummed());
        }
    }

    private static Outcome run(Schedule s) throws Exception {
        Policy policy = s.policy();
        SplittableRandom random = new SplittableRandom(s.seed() ^ 0x5DEECE66DL);
        RedisSettings settings = settingsFor(s.kind());
        Fault fault = faultFor(s, random);
        List<ResilientRateLimiter> nodes = new ArrayList<>();
        List<ChargeTrace> traces = new ArrayList<>();
        try {
            for (int n = 0; n < s.nodes(); n++) {
                ChargeTrace trace = new ChargeTrace(RedisRateLimiter.builder(RedisConnections.scripting(settings)).build());
                traces.add(trace);
                nodes.add(ResilientRateLimiter.builder(trace)
                        .failureMode(FailureMode.LOCAL).local(InMemoryRateLimiter.create())
                        .breaker(new CircuitBreaker(5, 1000, System::nanoTime))
                        .overLimitCache(new OverLimitCache(100_000, System::nanoTime)).timeoutMillis(TIMEOUT_MILLIS).build());
            }
            for (ResilientRateLimiter node : nodes) {   // connected, scripts loaded, before the burst
                await("a node deciding on Redis").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(20))
                        .until(() -> node.acquire(policy, "warm-up", 1).origin() == Decision.Origin.STORE);
            }
            long episodesBefore = nodes.stream().mapToLong(n -> n.episodes().count()).sum();
            Callers callers = new Callers(s, policy, nodes);
            callers.start();
            long start = System.nanoTime();
            LockSupport.parkNanos(start + s.injectAtMillis() * 1_000_000 - System.nanoTime());   // the schedule's moment
            long injected = System.nanoTime();
            fault.inject(Duration.ofMillis(s.lengthMillis()));
            long faultEnded = Math.max(System.nanoTime(), injected + s.lengthMillis() * 1_000_000);
            try {
                await("every node deciding on Redis after the fault").atMost(Duration.ofSeconds(30))
                        .pollInterval(Duration.ofMillis(10)).until(() -> callers.allOnRedisAfter(faultEnded));
            } finally {
                long tail = System.nanoTime() + 300_000_000L;   // a last stretch on Redis, its debts charged
                LockSupport.parkNanos(tail - System.nanoTime());
                callers.stop();
            }
            long episodes = nodes.stream().mapToLong(n -> n.episodes().count()).sum() - episodesBefore;
            List<Call> calls = callers.calls();
            long burst = policy.limits().get(0).burst();
            double rate = (double) policy.limits().get(0).quantity() / policy.limits().get(0).windowMillis();
            Verdict verdict = AdmissionChecker.check(calls, burst, rate, s.nodes(), TIMEOUT_MILLIS);
            if (!verdict.withinBound()) {
                dump(s, calls, traces);
            }
            long timedOut = calls.stream().filter(c -> c.origin() == Decision.Origin.LOCAL_FALLBACK
                    && c.returnedNanos() - c.sentNanos() >= TIMEOUT_MILLIS * 1_000_000).count();
            long local = calls.stream().filter(c -> c.origin() == Decision.Origin.LOCAL_FALLBACK).count();
            return new Outcome(verdict, calls.size(), timedOut, local, episodes, burst, rate);
        } finally {
            nodes.forEach(ResilientRateLimiter::close);
        }
    }

    /** The decisions of a schedule over the bound, as CSV in {@code target/fault-schedules/}, for the analysis. */
    private static void dump(Schedule s, List<Call> calls, List<ChargeTrace> traces) throws java.io.IOException {
        java.nio.file.Path file = java.nio.file.Path.of("target", "fault-schedules", "seed-" + s.seed() + ".csv");
        java.nio.file.Files.createDirectories(file.getParent());
        List<String> lines = new ArrayList<>(List.of("key,node,allowed,origin,sent,returned"));
        calls.stream().sorted(java.util.Comparator.comparingLong(Call::sentNanos)).forEach(c -> lines.add(c.key() + ","
                + c.node() + "," + c.allowed() + "," + c.origin() + "," + c.sentNanos() + "," + c.returnedNanos()));
        java.nio.file.Files.write(file, lines);
        List<String> charges = new ArrayList<>(List.of("node,key,tokens,allowed,remaining,failure,sent,returned"));
        for (int n = 0; n < traces.size(); n++) {
            for (ChargeTrace.Charge c : traces.get(n).charges) {
                charges.add(n + "," + c.key() + "," + c.tokens() + "," + (c.answer() != null && c.answer().allowed()) + ","
                        + (c.answer() == null ? "" : c.answer().remaining()) + "," + (c.failure() == null ? "" : c.failure()
                        .replace(',', ';')) + "," + c.sentNanos() + "," + c.returnedNanos());
            }
        }
        java.nio.file.Files.write(file.resolveSibling("seed-" + s.seed() + "-charges.csv"), charges);
        System.out.println("fault schedule " + s.index() + ": decisions written to " + file.toAbsolutePath());
    }

    private static RedisSettings settingsFor(Kind kind) {
        return switch (kind) {
            case SENTINEL -> RedisSettings.builder().sentinel(SentinelTopology.NAME, sentinel().nodes()).build();
            case CLUSTER -> RedisSettings.builder().cluster(cluster().seedList()).build();
            default -> RedisSettings.builder().url(server().url()).build();
        };
    }

    private static Fault faultFor(Schedule s, SplittableRandom random) {
        return switch (s.kind()) {
            case PAUSE_WRITE -> new Faults.ClientPause(server(), "WRITE");
            case PAUSE_ALL -> new Faults.ClientPause(server(), "ALL");
            case DEBUG_SLEEP -> new Faults.DebugSleep(server());
            case CLIENT_KILL -> new Faults.ClientKill(server());
            case RESTART -> new Faults.Restart(server());
            case SENTINEL -> {
                sentinel().awaitSynced();
                yield new Faults.SentinelFailover(sentinel(), Boolean.getBoolean("throttled.faults.sentinels-demote"));
            }
            case CLUSTER -> {
                List<String> tags = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    tags.add("{k" + random.nextInt(s.keys()) + "}");
                }
                yield new Faults.SlotMigration(cluster(), tags);
            }
        };
    }

    private static synchronized RedisProcess server() {
        if (server == null) {
            server = RedisBinaries.version().startsWith("6.") ? RedisProcess.start()
                    : RedisProcess.start("--enable-debug-command", "local");
        }
        return server;
    }

    private static synchronized SentinelTopology sentinel() {
        if (sentinel == null) {
            sentinel = new SentinelTopology();
        }
        return sentinel;
    }

    private static synchronized RedisClusterProcess cluster() {
        if (cluster == null) {
            cluster = RedisClusterProcess.start(3, 0);
        }
        return cluster;
    }

    /** The caller threads of a schedule, each recording its decisions in its own arrays. */
    private static final class Callers {
        private static final int MOST_CALLS = 200_000;
        private final Schedule schedule;
        private final Policy policy;
        private final List<ResilientRateLimiter> nodes;
        private final AtomicBoolean stop = new AtomicBoolean();
        /** Per node, the send time of the last call Redis answered. */
        private final AtomicLongArray lastOnRedis;
        private final List<Thread> threads = new ArrayList<>();
        private final List<Recorder> recorders = new ArrayList<>();
        private final AtomicReference<Throwable> failure = new AtomicReference<>();

        Callers(Schedule schedule, Policy policy, List<ResilientRateLimiter> nodes) {
            this.schedule = schedule;
            this.policy = policy;
            this.nodes = nodes;
            this.lastOnRedis = new AtomicLongArray(nodes.size());
            for (int n = 0; n < nodes.size(); n++) {
                lastOnRedis.set(n, Long.MIN_VALUE);
            }
        }

        void start() {
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            for (int t = 0; t < schedule.threads(); t++) {
                Recorder recorder = new Recorder(MOST_CALLS);
                recorders.add(recorder);
                SplittableRandom random = new SplittableRandom(schedule.seed() * 31 + t);
                Thread thread = new Thread(() -> {
                    try {
                        for (int i = 0; i < MOST_CALLS && !stop.get() && System.nanoTime() < deadline; i++) {
                            int key = random.nextInt(schedule.keys());
                            int node = random.nextInt(nodes.size());
                            long sent = System.nanoTime();
                            Decision d = nodes.get(node).acquire(policy, "k" + key, 1);
                            long returned = System.nanoTime();
                            recorder.add(key, node, d.allowed(), d.origin(), sent, returned);
                            if (d.origin() == Decision.Origin.STORE) {
                                lastOnRedis.accumulateAndGet(node, sent, Math::max);
                            }
                            LockSupport.parkNanos(100_000 + random.nextInt(400_000));   // pacing, 0.1-0.5 ms
                        }
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }, "fault-caller-" + t);
                threads.add(thread);
                thread.start();
            }
        }

        boolean allOnRedisAfter(long nanos) {
            if (failure.get() != null) {
                throw new AssertionError("a caller failed", failure.get());
            }
            for (int n = 0; n < lastOnRedis.length(); n++) {
                if (lastOnRedis.get(n) <= nanos) {
                    return false;
                }
            }
            return true;
        }

        void stop() throws InterruptedException {
            stop.set(true);
            for (Thread thread : threads) {
                thread.join(Duration.ofSeconds(30).toMillis());
            }
            if (failure.get() != null) {
                throw new AssertionError("a caller failed: no call may throw", failure.get());
            }
        }

        List<Call> calls() {
            List<Call> all = new ArrayList<>();
            for (Recorder r : recorders) {
                for (int i = 0; i < r.size; i++) {
                    all.add(new Call("k" + r.key[i], r.node[i], r.allowed[i], Decision.Origin.values()[r.origin[i]],
                            r.sent[i], r.returned[i]));
                }
            }
            return all;
        }
    }

    /** One thread's decisions, in arrays. */
    private static final class Recorder {
        final int[] key;
        final byte[] node;
        final boolean[] allowed;
        final byte[] origin;
        final long[] sent;
        final long[] returned;
        int size;

        Recorder(int capacity) {
            key = new int[capacity];
            node = new byte[capacity];
            allowed = new boolean[capacity];
            origin = new byte[capacity];
            sent = new long[capacity];
            returned = new long[capacity];
        }

        void add(int k, int n, boolean a, Decision.Origin o, long s, long r) {
            key[size] = k;
            node[size] = (byte) n;
            allowed[size] = a;
            origin[size] = (byte) o.ordinal();
            sent[size] = s;
            returned[size] = r;
            size++;
        }
    }

    /** The figures of the whole run. */
    private static final class Totals {
        int run;
        int oneNode;
        int twoNodes;
        long admissions;
        long perfect;
        long underOneNode;
        long perfectOneNode;
        long deniedButPerfect;
        long timedOut;
        int overEnvelopeOneNode;
        int overEnvelopeTwoNodes;
        int overBound;
        double worstRatio = Double.NEGATIVE_INFINITY;
        String worstSchedule = "";
        final java.util.EnumMap<Kind, Integer> kinds = new java.util.EnumMap<>(Kind.class);

        void add(Schedule s, Outcome o) {
            run++;
            kinds.merge(s.kind(), 1, Integer::sum);
            Verdict v = o.verdict;
            admissions += v.admissions();
            perfect += v.perfectAdmissions();
            deniedButPerfect += v.deniedButPerfect();
            timedOut += o.timedOut;
            if (s.nodes() == 1) {
                oneNode++;
                underOneNode += v.underAdmissions();
                perfectOneNode += v.perfectAdmissions();
                overEnvelopeOneNode += v.worstOverEnvelope() > 1e-9 ? 1 : 0;
            } else {
                twoNodes++;
                overEnvelopeTwoNodes += v.worstOverEnvelope() > 1e-9 ? 1 : 0;
            }
            overBound += v.withinBound() ? 0 : 1;
            double ratio = (v.worstExcess() + v.boundAtWorst()) / v.boundAtWorst();   // admissions / bound of the worst set
            if (ratio > worstRatio) {
                worstRatio = ratio;
                worstSchedule = s.toString();
            }
        }

        String describe(int asked) {
            return String.format(Locale.ROOT, "%d of %d schedules run (%s; %d on one node, %d on two); %d admissions;"
                    + " schedules over the bound: %d; schedules whose worst interval went over B + r·(b − a) (within"
                    + " the 1-token slack or the second node's allowance): %d of one node, %d of two; the largest"
                    + " admissions / bound of any interval %.3f (%s); under-admissions on one node, against a perfect"
                    + " bucket deciding at the same call times: %d of the %d it would admit (%.2f%%), their cause: the"
                    + " %d calls that timed out (of all schedules), each possibly run on Redis as well and so paid"
                    + " twice, the calls in flight a fallback starts a key without, and the bucket refilled from the"
                    + " time this node heard Redis' answer rather than from when Redis decided",
                    run, asked, kinds, oneNode, twoNodes, admissions, overBound, overEnvelopeOneNode,
                    overEnvelopeTwoNodes, worstRatio, worstSchedule, underOneNode, perfectOneNode,
                    perfectOneNode == 0 ? 0 : 100.0 * underOneNode / perfectOneNode, timedOut);
        }
    }
}
