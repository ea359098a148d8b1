package io.throttled.bench;

import io.throttled.bench.Variants.Variant;
import io.throttled.redis.BenchmarkCalls;
import io.throttled.redis.RedisRateLimiter;
import io.throttled.redis.ScriptCall;
import io.throttled.testing.redis.RedisProcess;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Decisions per second through {@code RateLimiter.acquire}, per algorithm, at 1, 8 and 64 callers, next to
 * redis-benchmark sending EVALSHA of the same script with the same arguments at the same concurrency,
 * unpipelined and with -P 16. Uniformly random keys among 100,000.
 */
final class ThroughputBench {
    static final int[] CALLERS = {1, 8, 64};

    /** Per variant: ours (coalesced) and redis-benchmark unpipelined and -P 16, at 64 callers, for the chart. */
    final Map<String, double[]> at64 = new LinkedHashMap<>();

    void run(Report report, RedisProcess redis, Limiters limiters, Settings settings) {
        report.heading("1. Against the physical limit: decisions per second on one Redis");
        report.paragraph("Ours is `RateLimiter.acquire` with coalescing on (the default) and off; redis-benchmark"
                + " sends EVALSHA of the same script with the same arguments (`-r 100000` random keys), unpipelined"
                + " and with `-P 16`. Ratios are ours (coalesced) ÷ redis-benchmark unpipelined at the same"
                + " concurrency, measured alternately " + settings.rounds() + " times; the round with the median ratio"
                + " is shown. \"A script per decision\" is coalescing as it was before batch scripts: the batch a"
                + " pipeline of one script call per decision. Targets: ≥ 0.95× at 1 caller, ≥ 1.0× at 8, ≥ 1.5× at 64,"
                + " p99 at 64 no worse than unpipelined EVALSHA, and at 64 ≥ 0.9× `redis-benchmark -P 16` of the same"
                + " script (what one Redis does with the script when nothing waits on a round trip).");
        warmUp(limiters, settings);
        Report.Table table = report.table("algorithm", "callers", "ours/s", "ours p99 ms", "ours, a script per decision /s",
                "ours, no coalescing /s",
                "redis-benchmark /s", "its p99 ms", "redis-benchmark -P 16 /s", "ratio", "÷ -P 16", "target");
        for (Variant v : Variants.all("tp")) {
            for (int callers : CALLERS) {
                if (settings.smoke && callers == 8) {
                    continue;
                }
                ScriptCall call = BenchmarkCalls.decision(limiters.plain, v.policy(), "x", 1);
                String keys = "throttled:" + v.policy().name() + ":{__rand_int__}";
                Paired<Measurement, RedisBenchmark.Result> pair = Paired.median(settings.rounds(),
                        () -> measure(limiters.coalesced, v, callers, settings),
                        () -> RedisBenchmark.evalsha(redis.port(), call, keys, callers, 1, settings.requests(callers)));
                Measurement ours = pair.ours();
                RedisBenchmark.Result bench = pair.theirs();
                Measurement plain = measure(limiters.plain, v, callers, settings);
                Measurement pipelined = callers == 1 ? null : measure(limiters.pipelined, v, callers, settings);
                RedisBenchmark.Result piped = RedisBenchmark.evalsha(redis.port(), call, keys, callers, 16,
                        settings.requests(callers) * 3);
                double ratio = pair.ratio();
                double ofPipelined = ours.perSecond() / piped.perSecond();
                String target = callers == 1 ? Report.verdict(ratio, 0.95, true)
                        : callers == 8 ? Report.verdict(ratio, 1.0, true)
                        : callers == 64 ? Report.verdict(ratio, 1.5, true) + "; p99 "
                          + Report.verdict(ours.p99(), bench.p99Millis(), false) + "; ÷ -P 16 "
                          + Report.verdict(ofPipelined, 0.9, true) : "";
                table.row(v.name(), callers, Report.num(ours.perSecond()), Report.num(ours.p99()),
                        pipelined == null ? "" : Report.num(pipelined.perSecond()), Report.num(plain.perSecond()), Report.num(bench.perSecond()), Report.num(bench.p99Millis()),
                        Report.num(piped.perSecond()), Report.ratio(ratio), Report.ratio(ofPipelined), target);
                if (callers == 64) {
                    at64.put(v.name(), new double[] {bench.perSecond(), ours.perSecond(), piped.perSecond(), plain.perSecond()});
                }
            }
        }
        table.end();
    }

    /** Compiles the hot paths before the first measurement, so the first algorithm is not measured cold. */
    private static void warmUp(Limiters limiters, Settings settings) {
        for (Variant v : Variants.all("warm")) {
            for (RedisRateLimiter limiter : new RedisRateLimiter[] {limiters.coalesced, limiters.pipelined, limiters.plain}) {
                Load.run(8, Duration.ZERO, settings.warmUp(), Long.MAX_VALUE, t -> () -> limiter.acquire(v.policy(),
                        "k" + ThreadLocalRandom.current().nextInt(100_000), 1));
            }
        }
        limiters.flush();
    }

    static Measurement measure(RedisRateLimiter limiter, Variant v, int callers, Settings settings) {
        return Load.run(callers, settings.warmUp, settings.measure, Long.MAX_VALUE, t -> () -> {
            String key = "k" + ThreadLocalRandom.current().nextInt(100_000);
            limiter.acquire(v.policy(), key, 1);
        });
    }

    /** How long and how much each measurement runs. */
    record Settings(boolean smoke, Duration warmUp, Duration measure, int rounds) {
        /** redis-benchmark's request count: about as long as one of our measurements. */
        long requests(int callers) {
            return smoke ? 2_000 : callers == 1 ? 25_000L : 60_000L;
        }

        static Settings of(boolean smoke) {
            return smoke ? new Settings(true, Duration.ofMillis(100), Duration.ofMillis(300), 1)
                    : new Settings(false, Duration.ofMillis(500), Duration.ofSeconds(2), 3);
        }
    }

    List<String> variants() {
        return List.copyOf(at64.keySet());
    }
}
