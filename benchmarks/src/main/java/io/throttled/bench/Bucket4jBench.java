package io.throttled.bench;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.BucketConfiguration;
import io.throttled.core.Policy;
import io.throttled.testing.redis.RedisProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import redis.clients.jedis.Jedis;

/**
 * The same token bucket in Bucket4j-Jedis (compare-and-swap) and in ours, on one hot key and on 100,000
 * uniformly random keys, at 1, 8 and 64 threads, Bucket4j with the pool size that suits it best in each case.
 */
final class Bucket4jBench {
    /** Tokens a second, and the capacity: every call is admitted and writes. */
    static final long RATE = 1_000_000_000L;
    /** The one bucket every Bucket4j client here decides on: {@link #RATE} a second, as ours' {@link #POLICY}. */
    static final BucketConfiguration CONFIGURATION = BucketConfiguration.builder()
            .addLimit(Bandwidth.builder().capacity(RATE).refillGreedy(RATE, Duration.ofSeconds(1)).build()).build();
    static final Policy POLICY = Policy.builder("b4j").rate(RATE + "/1s").build();
    /** Bucket4j's pool sizes swept: Jedis' default is 8; the suite used to give it 72. */
    static final int[] POOLS = {2, 4, 8, 16, 72};

    /** Per case, ours and Bucket4j's decisions per second, for the chart. */
    final Map<String, double[]> results = new LinkedHashMap<>();

    void run(Report report, RedisProcess redis, Limiters ours, ThroughputBench.Settings settings) {
        report.heading("2. Against Bucket4j");
        report.paragraph("`bucket4j_jdk17-jedis` 8.17.0 (compare-and-swap) and ours (coalesced, the default), both a"
                + " greedy token bucket admitting everything, so every call writes. Bucket4j's throughput depends on its"
                + " connection pool (on a hot key, more connections mean more colliding compare-and-swaps), so it is"
                + " first swept over pools of " + Arrays.toString(POOLS) + " connections for each case, and compared at"
                + " its best. Targets: ≥ 20× Bucket4j-at-its-best on the hot key at 64 threads with a p99 ≥ 50× lower;"
                + " ≥ 1.5× on uniform keys at 8 and 64. Measured alternately " + settings.rounds() + " times; the round"
                + " with the median throughput ratio is shown.");
        Map<String, Integer> best = sweep(report, redis, settings);
        Report.Table table = report.table("keys", "threads", "Bucket4j pool", "ours/s", "ours p50 / p99 / p99.9 ms",
                "Bucket4j/s", "Bucket4j p50 / p99 / p99.9 ms", "throughput ratio", "p99 ratio", "target");
        double hotBest = Double.NaN;
        for (boolean hot : new boolean[] {true, false}) {
            for (int threads : ThroughputBench.CALLERS) {
                int pool = best.getOrDefault(name(hot, threads), POOLS[0]);
                try (Bucket4jTarget bucket4j = target(redis, pool)) {
                    Paired<Measurement, Measurement> pair = Paired.median(settings.rounds(),
                            () -> Load.run(threads, settings.warmUp(), settings.measure(), Long.MAX_VALUE,
                                    t -> () -> ours.coalesced.acquire(POLICY, key(hot), 1)),
                            () -> Load.run(threads, settings.warmUp(), settings.measure(), Long.MAX_VALUE,
                                    t -> () -> bucket4j.tryConsume(key(hot))));
                    Measurement mine = pair.ours();
                    Measurement theirs = pair.theirs();
                    double ratio = pair.ratio();
                    double p99Ratio = theirs.p99() / mine.p99();
                    String target = "";
                    if (hot && threads == 64) {
                        hotBest = theirs.perSecond();
                        target = "throughput " + Report.verdict(ratio, 20, true) + "; p99 " + Report.verdict(p99Ratio, 50, true);
                    } else if (!hot && threads > 1) {
                        target = Report.verdict(ratio, 1.5, true);
                    }
                    results.put(name(hot, threads), new double[] {mine.perSecond(), theirs.perSecond()});
                    table.row(hot ? "one hot key" : "100,000 uniform", threads, pool, Report.num(mine.perSecond()),
                            latencies(mine), Report.num(theirs.perSecond()), latencies(theirs), Report.ratio(ratio),
                            Report.ratio(p99Ratio), target);
                }
            }
        }
        table.end();
        if (!Double.isNaN(hotBest)) {
            ceilings(report, redis, ours, settings, hotBest);
        }
    }

    /**
     * What 20× Bucket4j's best on the hot key asks of this machine, beside two ceilings measured in the same run:
     * Redis' own CPU per decision (one thread, so 1 s of it is its most), and 64 callers that do nothing but sleep
     * and be woken once per call ({@link WakeFloor}).
     */
    private static void ceilings(Report report, RedisProcess redis, Limiters ours, ThroughputBench.Settings settings,
                                 double bucket4jBest) {
        double needed = 20 * bucket4jBest;
        Measurement mine;
        ServerStats before;
        ServerStats after;
        Load.run(64, Duration.ZERO, settings.warmUp(), Long.MAX_VALUE, t -> () -> ours.coalesced.acquire(POLICY, key(true), 1));
        double machineBefore;
        double machineAfter;
        try (Jedis jedis = redis.jedis()) {
            before = ServerStats.read(jedis);
            machineBefore = MachineCpu.available() ? MachineCpu.busySeconds() : Double.NaN;
            mine = Load.run(64, Duration.ZERO, settings.measure(), Long.MAX_VALUE,
                    t -> () -> ours.coalesced.acquire(POLICY, key(true), 1));
            machineAfter = MachineCpu.available() ? MachineCpu.busySeconds() : Double.NaN;
            after = ServerStats.read(jedis);
        }
        double decisions = mine.operations();
        double redisMicros = (after.cpuSeconds() - before.cpuSeconds()) * 1e6 / decisions;
        double machineMicros = (machineAfter - machineBefore) * 1e6 / decisions;
        List<Measurement> floors = new ArrayList<>();
        for (int round = 0; round < settings.rounds(); round++) {
            floors.add(WakeFloor.measure(64, settings.warmUp(), settings.measure()));
        }
        floors.sort(Comparator.comparingDouble(Measurement::perSecond));
        double wake = floors.get(floors.size() / 2).perSecond();
        report.paragraph("What the hot-key target asks here: 20 × " + Report.num(bucket4jBest) + " = "
                + Report.num(needed) + " decisions/s, " + Report.num(2e6 / needed) + " µs of CPU per decision on the"
                + " two cores for everything (caller, client, kernel, Redis). Measured in this run: ours alone on the hot"
                + " key at 64 threads made " + Report.num(mine.perSecond()) + "/s with Redis spending "
                + Report.num(redisMicros) + " µs of its CPU per decision (Redis runs commands on one thread, so that"
                + " alone caps it at " + Report.num(1e6 / redisMicros) + "/s) and the machine "
                + (Double.isNaN(machineMicros) ? "(not measured here)" : Report.num(machineMicros) + " µs")
                + "; and 64 threads that do nothing but sleep and be woken once per call, with no Redis and no"
                + " encoding, " + Report.num(wake) + "/s (median of " + settings.rounds() + ", `WakeFloor`): any client"
                + " whose callers block on a remote answer pays that wake-up per call, in its own code or in a socket read."
                + " Ours ÷ `WakeFloor` " + Report.ratio(mine.perSecond() / wake) + " (target ≥ 0.6×: "
                + Report.verdict(mine.perSecond() / wake, 0.6, true) + ").");
    }

    /** Bucket4j alone over each pool size, per case with more than one thread; returns the best pool per case. */
    private static Map<String, Integer> sweep(Report report, RedisProcess redis, ThroughputBench.Settings settings) {
        Map<String, Integer> best = new LinkedHashMap<>();
        String[] columns = new String[POOLS.length + 3];
        columns[0] = "keys";
        columns[1] = "threads";
        for (int i = 0; i < POOLS.length; i++) {
            columns[i + 2] = "pool " + POOLS[i] + " /s";
        }
        columns[columns.length - 1] = "best pool";
        Report.Table table = report.table(columns);
        for (boolean hot : new boolean[] {true, false}) {
            for (int threads : ThroughputBench.CALLERS) {
                if (threads == 1) {
                    continue;   // one thread holds one connection whatever the pool
                }
                Object[] row = new Object[columns.length];
                row[0] = hot ? "one hot key" : "100,000 uniform";
                row[1] = threads;
                double top = -1;
                for (int i = 0; i < POOLS.length; i++) {
                    try (Bucket4jTarget bucket4j = target(redis, POOLS[i])) {
                        double perSecond = Load.run(threads, settings.warmUp(), settings.measure(), Long.MAX_VALUE,
                                t -> () -> bucket4j.tryConsume(key(hot))).perSecond();
                        row[i + 2] = Report.num(perSecond);
                        if (perSecond > top) {
                            top = perSecond;
                            best.put(name(hot, threads), POOLS[i]);
                        }
                    }
                }
                row[columns.length - 1] = best.get(name(hot, threads));
                table.row(row);
            }
        }
        table.end();
        return best;
    }

    private static Bucket4jTarget target(RedisProcess redis, int pool) {
        return new Bucket4jTarget(redis.port(), pool);
    }

    private static String name(boolean hot, int threads) {
        return (hot ? "hot key, " : "uniform, ") + threads + " threads";
    }

    private static String key(boolean hot) {
        return hot ? "hot" : "k" + ThreadLocalRandom.current().nextInt(100_000);
    }

    private static String latencies(Measurement m) {
        return Report.num(m.p50()) + " / " + Report.num(m.p99()) + " / " + Report.num(m.p999());
    }
}
