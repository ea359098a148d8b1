package io.throttled.bench;

import io.throttled.core.Policy;
import io.throttled.testing.RedisProcess;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The same token bucket in Bucket4j-Jedis (compare-and-swap) and in ours, on one hot key and on 100,000
 * uniformly random keys, at 1, 8 and 64 threads.
 */
final class Bucket4jBench {
    static final Policy POLICY = Policy.builder("b4j").rate("1000000000/1s").build();

    /** Per case, ours and Bucket4j's decisions per second, for the chart. */
    final Map<String, double[]> results = new LinkedHashMap<>();

    void run(Report report, RedisProcess redis, Limiters ours, ThroughputBench.Settings settings) {
        report.heading("2. Against Bucket4j");
        report.paragraph("`bucket4j_jdk17-jedis` 8.17.0 (compare-and-swap) and ours (coalesced, the default), both a"
                + " greedy token bucket admitting everything, so every call writes. Targets: ≥ 20× Bucket4j's"
                + " throughput on the hot key at 64 threads with a p99 ≥ 50× lower; ≥ 1.5× on uniform keys at 8 and 64."
                + " Measured alternately " + settings.rounds() + " times; the round with the median throughput ratio is shown.");
        Report.Table table = report.table("keys", "threads", "ours/s", "ours p50 / p99 / p99.9 ms", "Bucket4j/s",
                "Bucket4j p50 / p99 / p99.9 ms", "throughput ratio", "p99 ratio", "target");
        try (Bucket4jTarget bucket4j = new Bucket4jTarget(redis.port(), 1_000_000_000L, 1_000_000_000L, Duration.ofSeconds(1))) {
            for (boolean hot : new boolean[] {true, false}) {
                for (int threads : ThroughputBench.CALLERS) {
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
                        target = "throughput " + Report.verdict(ratio, 20, true) + "; p99 " + Report.verdict(p99Ratio, 50, true);
                    } else if (!hot && threads > 1) {
                        target = Report.verdict(ratio, 1.5, true);
                    }
                    results.put((hot ? "hot key, " : "uniform, ") + threads + " threads",
                            new double[] {mine.perSecond(), theirs.perSecond()});
                    table.row(hot ? "one hot key" : "100,000 uniform", threads, Report.num(mine.perSecond()),
                            latencies(mine), Report.num(theirs.perSecond()), latencies(theirs), Report.ratio(ratio),
                            Report.ratio(p99Ratio), target);
                }
            }
        }
        table.end();
    }

    private static String key(boolean hot) {
        return hot ? "hot" : "k" + ThreadLocalRandom.current().nextInt(100_000);
    }

    private static String latencies(Measurement m) {
        return Report.num(m.p50()) + " / " + Report.num(m.p99()) + " / " + Report.num(m.p999());
    }
}
