package io.throttled.bench;

import io.throttled.core.Policy;
import io.throttled.redis.RedisRateLimiter;
import io.throttled.testing.redis.RedisProcess;
import it.LibertyServer;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import redis.clients.jedis.Jedis;

/**
 * The sample on Liberty, driven by wrk on loopback: one resource's endpoint bare, with one plain Redis GET (the floor)
 * and with {@code @Throttled}.
 */
final class HttpBench {
    record Wrk(double perSecond, double p50Millis, double p99Millis) {
    }

    /** Measured rounds per endpoint: single rounds' ratios spread by ±15 % on this VM, so the median needs several. */
    private static final int ROUNDS = 5;
    /** The JIT counts as quiet once it compiles for less than this share of a warm-up round's wall time. */
    private static final double JIT_QUIET = 0.05;

    private static final Policy BIG = Policy.builder("paced").rate("1000000000/1s").build();

    void run(Report report, RedisProcess redis, RedisRateLimiter limiter, Path wlp, boolean smoke) {
        report.heading("5. HTTP overhead on Liberty");
        if (!Files.isDirectory(wlp.resolve("usr/servers/throttled-sample"))) {
            report.paragraph("Skipped: no Liberty server at " + wlp + " (benchmarks/run installs it).");
            return;
        }
        if (!Tools.onPath("wrk")) {
            report.paragraph("Skipped: wrk is not installed (apt-get install wrk).");
            return;
        }
        System.setProperty("wlp.install.dir", wlp.toString());
        String duration = smoke ? "2s" : "10s";
        int rounds = smoke ? 1 : ROUNDS;
        report.paragraph("`wrk -t2 -c16 -d" + duration + " --latency` against three endpoints of the same resource,"
                + " alternating, " + rounds + " rounds each, after a warm-up that lasts until every endpoint's throughput"
                + " is steady and Liberty's JIT has gone quiet; medians: `GET /api/demo/free` (no annotation),"
                + " `GET /api/demo/floor` (free plus one plain Redis `GET` through a Jedis client pooled as the"
                + " extension's: the floor, what any request that asks Redis once costs) and `GET /api/demo/ping`"
                + " (`@Throttled`, its policy raised to admit everything). CPU per request is the whole machine's busy"
                + " time (wrk, Liberty and Redis share the cores) over the requests served; Liberty's is its process's"
                + " CPU time, Redis's from `INFO cpu`; Redis reads per request from `INFO stats`"
                + " (`total_reads_processed`: one per socket read, so a pipeline of n decisions read at once counts 1,"
                + " and fewer than 1 per request means decisions were coalesced). A fourth endpoint, `GET /api/demo/hot`,"
                + " is `@Throttled` on one key for everybody (`key=global`) with token leases on (`lease=auto`, lifetime"
                + " 100 ms), its policy raised to admit everything. Targets: `@Throttled` ≥ 0.95× the floor; the hot key"
                + " with leases ≥ 0.9× free, with at most 0.05 script calls per request. Then each of free, floor and"
                + " `@Throttled` once more for 10 s with async-profiler attached to Liberty, for where a request's CPU goes.");
        try (LibertyServer server = LibertyServer.start("throttled-sample-bench", Map.of(
                "THROTTLED_REDIS_URL", redis.url(), "THROTTLED_POLICY_PING_RATE", "1000000000/1s",
                "THROTTLED_POLICY_HOT_RATE", "1000000000/1s",
                // the sample's per-address route would make free and floor pay a decision: moved off the measured
                // paths (the route table stays, so every endpoint pays its lookup, as an application would)
                "THROTTLED_ROUTE_API_PER_IP_PATH", "/api/not-measured/**",
                "DEMO_EMBEDDED_REDIS", "false"))) {
            String free = server.baseUrl() + "/api/demo/free";
            String floor = server.baseUrl() + "/api/demo/floor";
            String ping = server.baseUrl() + "/api/demo/ping";
            String hot = server.baseUrl() + "/api/demo/hot";
            long libertyPid = server.pid();
            WarmUp warmUp = warmUp(List.of(free, floor, ping, hot), libertyPid, smoke);
            List<Cost> frees = new ArrayList<>();
            List<Cost> floors = new ArrayList<>();
            List<Cost> pings = new ArrayList<>();
            List<Cost> hots = new ArrayList<>();
            for (int round = 0; round < rounds; round++) {
                frees.add(Cost.of(free, duration, redis, libertyPid));
                floors.add(Cost.of(floor, duration, redis, libertyPid));
                pings.add(Cost.of(ping, duration, redis, libertyPid));
                hots.add(Cost.of(hot, duration, redis, libertyPid));
            }
            Cost f = Cost.median(frees);
            Cost fl = Cost.median(floors);
            Cost p = Cost.median(pings);
            Cost h = Cost.median(hots);
            double ofFloor = p.wrk().perSecond() / fl.wrk().perSecond();
            double ofFree = p.wrk().perSecond() / f.wrk().perSecond();
            Report.Table table = report.table("endpoint", "requests/s", "p50 ms", "p99 ms", "machine CPU µs / request",
                    "of which Liberty µs", "of which Redis µs", "Redis reads / request", "script calls / request");
            row(table, "/api/demo/free", f);
            row(table, "/api/demo/floor (one plain GET)", fl);
            row(table, "/api/demo/ping (@Throttled)", p);
            row(table, "/api/demo/hot (@Throttled, key global, lease=auto)", h);
            table.end();
            if (!smoke) {
                profile(report, List.of(free, floor, ping), libertyPid);
            }
            double hotOfFree = h.wrk().perSecond() / f.wrk().perSecond();
            report.paragraph("Hot key with leases ÷ free " + Report.ratio(hotOfFree) + " (target ≥ 0.9×: "
                    + Report.verdict(hotOfFree, 0.9, true) + "); script calls per request " + Report.num(h.scripts())
                    + " (target ≤ 0.05: " + Report.verdict(h.scripts(), 0.05, false) + ").");
            report.paragraph("`@Throttled` ÷ floor " + Report.ratio(ofFloor) + " (target ≥ 0.95×: "
                    + Report.verdict(ofFloor, 0.95, true) + "); ÷ free " + Report.ratio(ofFree) + " (floor ÷ free "
                    + Report.ratio(fl.wrk().perSecond() / f.wrk().perSecond()) + "), after " + warmUp.describe()
                    + ". With every core busy, throughput ratios are ratios of CPU per request: the"
                    + " decision adds " + Report.num(p.cpuMicros() - f.cpuMicros()) + " µs of machine CPU to a request"
                    + " that costs " + Report.num(f.cpuMicros()) + " µs without it, the plain GET "
                    + Report.num(fl.cpuMicros() - f.cpuMicros()) + " µs. At saturation every endpoint queues, so"
                    + " latencies there say little about what the limiter adds; they are measured below at a steady rate.");
            report.paragraph("Round by round (each endpoint's rounds alternate with the others'): hot ÷ free "
                    + perRound(hots, frees) + "; `@Throttled` ÷ floor " + perRound(pings, floors) + ".");
            int rate = smoke ? 100 : 400;
            Duration steady = smoke ? Duration.ofSeconds(2) : Duration.ofSeconds(15);
            report.paragraph("Steady load: " + rate + " requests/s over 8 keep-alive connections for " + steady.toSeconds()
                    + " s each (latency from when each request was due), alternating, " + rounds + " rounds; medians"
                    + " (with two rounds, one stall of the host in one of them decided an endpoint's p99).");
            List<Histogram> freeRuns = new ArrayList<>();
            List<Histogram> floorRuns = new ArrayList<>();
            List<Histogram> pingRuns = new ArrayList<>();
            List<Histogram> redisRuns = new ArrayList<>();
            List<Histogram> emptyRuns = new ArrayList<>();
            List<InRedis> floorGet = new ArrayList<>();
            List<InRedis> pingScript = new ArrayList<>();
            List<InRedis> redisScript = new ArrayList<>();
            List<InRedis> emptyScript = new ArrayList<>();
            String empty;
            try (Jedis jedis = redis.jedis()) {
                empty = jedis.scriptLoad("return 1");
            }
            for (int round = 0; round < rounds; round++) {
                freeRuns.add(Paced.run(8, rate, steady, t -> new PacedHttp(URI.create(free))));
                floorRuns.add(timedInRedis(redis, "get", floorGet,
                        () -> Paced.run(8, rate, steady, t -> new PacedHttp(URI.create(floor)))));
                pingRuns.add(timedInRedis(redis, "evalsha", pingScript,
                        () -> Paced.run(8, rate, steady, t -> new PacedHttp(URI.create(ping)))));
                redisRuns.add(timedInRedis(redis, "evalsha", redisScript,
                        () -> Paced.run(8, rate, steady, t -> () -> limiter.acquire(BIG, "k" + t, 1))));
                emptyRuns.add(timedInRedis(redis, "evalsha", emptyScript,
                        () -> Paced.run(8, rate, steady, t -> new EmptyScript(redis.jedis(), empty))));
            }
            double[] fp = percentiles(freeRuns);
            double[] flp = percentiles(floorRuns);
            double[] pp = percentiles(pingRuns);
            double[] rp = percentiles(redisRuns);
            double[] ep = percentiles(emptyRuns);
            Report.Table steadyTable = report.table("calls", "p50 ms", "p99 ms", "p99.9 ms",
                    "Redis µs per call: the command, or the script with what it runs", "inside Redis p50 µs",
                    "inside Redis p99 µs");
            steadyTable.row("/api/demo/free", Report.num(fp[0]), Report.num(fp[1]), Report.num(fp[2]), "", "", "");
            inRedisRow(steadyTable, "/api/demo/floor (one plain GET)", flp, floorGet);
            inRedisRow(steadyTable, "/api/demo/ping (@Throttled)", pp, pingScript);
            inRedisRow(steadyTable, "one decision on the same Redis, outside Liberty", rp, redisScript);
            inRedisRow(steadyTable, "`EVALSHA` of `return 1` on the same Redis (any script's floor)", ep, emptyScript);
            steadyTable.end();
            report.paragraph("Redis µs per call is `INFO commandstats`' own time (`usec ÷ calls`) of `GET` for the floor"
                    + " and of `EVALSHA` for the decision (its `TIME`, `GET` and `SET` included), over the same runs;"
                    + " inside Redis p50 and p99 are the same command's percentiles from `INFO latencystats` (Redis 7"
                    + " and later), which leave out the network, the client and Liberty: medians over the rounds."
                    + " Called a few hundred times a second, between requests that run through Liberty, a script runs"
                    + " several times slower than in the saturated runs of section 3, and far slower than one `GET`."
                    + " Its tail comes with it: after every 50th script call Redis runs a step of Lua's garbage"
                    + " collector (`LUA_GC_CYCLE_PERIOD` in its source), so about 2 % of script calls carry that step"
                    + " whatever the script does, which the empty script's p99 shows. The floor's `GET` pays none.");
            report.paragraph("p99 round by round, ms: free " + p99s(freeRuns) + "; floor " + p99s(floorRuns)
                    + "; `@Throttled` " + p99s(pingRuns) + ".");
            // A p99 per round rests on 60 requests of 6,000: one stall of the host moves it, and the median of five
            // such p99s still swings between runs. Pooled over every round, the p99 rests on 300 of 30,000.
            double freePooled = millisAt(Paced.pooled(freeRuns), 99);
            double addedP99 = millisAt(Paced.pooled(pingRuns), 99) - freePooled;
            double floorAddedP99 = millisAt(Paced.pooled(floorRuns), 99) - freePooled;
            report.paragraph("Added to free's p99, every round's requests pooled (" + Report.num(freePooled) + " ms for"
                    + " free): by the limiter " + Report.num(addedP99) + " ms, by the plain GET "
                    + Report.num(floorAddedP99) + " ms (target: the limiter's no more than the floor's + 0.2 ms: "
                    + (addedP99 <= floorAddedP99 + 0.2 ? "met"
                       : "missed by " + Report.num(addedP99 - floorAddedP99 - 0.2) + " ms")
                    + "); from the medians above " + Report.num(pp[1] - fp[1]) + " and " + Report.num(flp[1] - fp[1])
                    + " ms; round by round (each round's own p99 less free's in that round), limiter "
                    + addedPerRound(pingRuns, freeRuns) + ", plain GET " + addedPerRound(floorRuns, freeRuns)
                    + " ms. At p50 (medians) " + Report.num(pp[0] - fp[0]) + " and " + Report.num(flp[0] - fp[0]) + " ms.");
            double scriptTail = Medians.of(pingScript, m -> m.latency().p99());
            double getTail = Medians.of(floorGet, m -> m.latency().p99());
            report.paragraph("Of the limiter's added p99, Redis' own time accounts for about "
                    + Report.num((scriptTail - getTail) / 1000) + " ms: the decision script's p99 inside Redis, "
                    + Report.num(scriptTail) + " µs, less the `GET`'s, " + Report.num(getTail) + " µs (an empty script's: "
                    + Report.num(Medians.of(emptyScript, m -> m.latency().p99())) + " µs).");
        }
    }

    /**
     * Each endpoint for 10 s more with async-profiler attached to Liberty: its CPU per request by part of the path,
     * and what {@code @Throttled} adds over the floor in each.
     */
    private static void profile(Report report, List<String> endpoints, long libertyPid) {
        Path folder = Path.of(System.getProperty("java.io.tmpdir"), "throttled-profiles");
        List<Map<String, Double>> profiles = new ArrayList<>();
        for (String url : endpoints) {
            String name = url.substring(url.lastIndexOf('/') + 1);
            profiles.add(RequestProfile.of(libertyPid, () -> {
                long start = System.nanoTime();
                Wrk w = wrk(url, "10s");
                return w.perSecond() * (System.nanoTime() - start) / 1e9;
            }, () -> Cost.processSeconds(libertyPid), folder, name));
        }
        Report.Table table = report.table("Liberty's CPU per request, µs (async-profiler, sampled every "
                + RequestProfile.INTERVAL_MICROS + " µs of CPU)", "free", "floor (one GET)", "@Throttled", "@Throttled − floor");
        double[] totals = new double[3];
        for (String part : profiles.get(0).keySet()) {
            double[] v = new double[3];
            for (int i = 0; i < 3; i++) {
                v[i] = profiles.get(i).get(part);
                totals[i] += v[i];
            }
            table.row(part, Report.num(v[0]), Report.num(v[1]), Report.num(v[2]), Report.num(v[2] - v[1]));
        }
        table.row("**all**", Report.num(totals[0]), Report.num(totals[1]), Report.num(totals[2]),
                Report.num(totals[2] - totals[1]));
        table.end();
        report.paragraph("Each sample goes to the first frame from the leaf up that belongs to a part (JDK and native"
                + " frames to the part that called them); a part's share of the samples times Liberty's CPU time per"
                + " request over the same 10 s is its figure. The collapsed stacks are in " + folder + ".");
    }

    private static void row(Report.Table table, String name, Cost c) {
        table.row(name, Report.num(c.wrk().perSecond()), Report.num(c.wrk().p50Millis()), Report.num(c.wrk().p99Millis()),
                Report.num(c.cpuMicros()), Report.num(c.libertyMicros()), Report.num(c.redisMicros()),
                Report.num(c.redisReads()), Report.num(c.scripts()));
    }

    /** What one paced run's calls of one command cost inside Redis: µs per call, and its percentiles there. */
    record InRedis(double usecPerCall, CommandLatency latency) {
    }

    /**
     * Runs {@code run} and adds to {@code measured} what Redis spent per call of {@code command} meanwhile. Resets
     * Redis' counters first, so its latency histogram covers this run only.
     */
    private static Histogram timedInRedis(RedisProcess redis, String command, List<InRedis> measured,
                                          Supplier<Histogram> run) {
        try (Jedis jedis = redis.jedis()) {
            jedis.configResetStat();   // every INFO counter and histogram, so the latencies cover this run only
            ServerStats before = ServerStats.read(jedis);
            Histogram result = run.get();
            ServerStats after = ServerStats.read(jedis);
            long calls = after.callsOf(command) - before.callsOf(command);
            measured.add(new InRedis(calls == 0 ? Double.NaN : (double) (after.usecOf(command) - before.usecOf(command)) / calls,
                    CommandLatency.read(jedis, command)));
            return result;
        }
    }

    private static void inRedisRow(Report.Table table, String name, double[] percentiles, List<InRedis> measured) {
        table.row(name, Report.num(percentiles[0]), Report.num(percentiles[1]), Report.num(percentiles[2]),
                Report.num(Medians.of(measured, InRedis::usecPerCall)),
                Report.num(Medians.of(measured, m -> m.latency().p50())), Report.num(Medians.of(measured, m -> m.latency().p99())));
    }

    /** One thread's {@code EVALSHA} of a script that only returns, on a connection of its own. */
    private record EmptyScript(Jedis jedis, String sha) implements Paced.Caller {
        @Override
        public void call() {
            jedis.evalsha(sha);
        }

        @Override
        public void close() {
            jedis.close();
        }
    }

    /** Each round's p99 less the baseline's p99 in the same round, in ms, in order. */
    private static String addedPerRound(List<Histogram> runs, List<Histogram> baseline) {
        List<String> added = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            added.add(Report.num(millisAt(runs.get(i), 99) - millisAt(baseline.get(i), 99)));
        }
        return String.join(", ", added);
    }

    /** Each run's p99 in ms, in order. */
    private static String p99s(List<Histogram> runs) {
        return String.join(", ", runs.stream().map(h -> Report.num(millisAt(h, 99))).toList());
    }

    /** Median over the runs of p50, p99 and p99.9, in ms. */
    private static double[] percentiles(List<Histogram> runs) {
        double[] result = new double[3];
        double[] quantiles = {50, 99, 99.9};
        for (int q = 0; q < 3; q++) {
            int which = q;
            result[q] = Medians.of(runs, h -> millisAt(h, quantiles[which]));
        }
        return result;
    }

    /** A histogram of microseconds read at a percentile, in ms. */
    private static double millisAt(Histogram histogram, double percentile) {
        return histogram.getValueAtPercentile(percentile) / 1000.0;
    }

    private static Wrk median(List<Wrk> runs) {
        List<Wrk> sorted = new ArrayList<>(runs);
        sorted.sort((a, b) -> Double.compare(a.perSecond(), b.perSecond()));
        Wrk mid = sorted.get(sorted.size() / 2);
        return new Wrk(mid.perSecond(), Medians.of(runs, Wrk::p50Millis), Medians.of(runs, Wrk::p99Millis));
    }

    /**
     * Runs every endpoint in 5-second rounds until each one's throughput changes by less than 10 % from one round
     * to the next and Liberty's JIT compiled for less than {@link #JIT_QUIET} of the round, at least 3 rounds and
     * at most 24. Liberty's JIT takes minutes to settle on two cores, and not at the same pace for every endpoint:
     * a warm-up that watched the free endpoint alone once let a run measure free slower than the hot endpoint,
     * which does strictly more, and one that watched throughput alone stopped while the JIT was still compiling
     * for most of each round.
     */
    private static WarmUp warmUp(List<String> endpoints, long pid, boolean smoke) {
        double[] last = new double[endpoints.size()];
        int rounds = 0;
        double jitShare = Double.NaN;
        while (rounds < (smoke ? 1 : 24)) {
            OptionalDouble jitBefore = JitTime.seconds(pid);
            long start = System.nanoTime();
            boolean steady = true;
            for (int i = 0; i < endpoints.size(); i++) {
                double now = wrk(endpoints.get(i), smoke ? "1s" : "5s").perSecond();
                steady &= Math.abs(now - last[i]) < 0.1 * last[i];
                last[i] = now;
            }
            OptionalDouble jitAfter = JitTime.seconds(pid);
            jitShare = jitBefore.isPresent() && jitAfter.isPresent()
                    ? (jitAfter.getAsDouble() - jitBefore.getAsDouble()) / ((System.nanoTime() - start) / 1e9)
                    : Double.NaN;
            rounds++;
            if (rounds >= 3 && steady && (Double.isNaN(jitShare) || jitShare < JIT_QUIET)) {
                break;
            }
        }
        return new WarmUp(rounds, jitShare);
    }

    /** How a warm-up ended: its rounds, and the share of its last round Liberty's JIT spent compiling (NaN: unknown). */
    record WarmUp(int rounds, double jitShare) {
        String describe() {
            return rounds + " warm-up rounds of 5 s per endpoint (the last with Liberty's JIT compiling "
                    + (Double.isNaN(jitShare) ? "for an unknown share: no jstat in this JDK"
                            : Report.num(100 * jitShare) + " % of the time")
                    + ")";
        }
    }

    /** The throughput ratio of each round, in order: how far one round's ratio is from the median's. */
    private static String perRound(List<Cost> measured, List<Cost> baseline) {
        List<String> ratios = new ArrayList<>();
        for (int i = 0; i < measured.size(); i++) {
            ratios.add(Report.ratio(measured.get(i).wrk().perSecond() / baseline.get(i).wrk().perSecond()));
        }
        return String.join(", ", ratios);
    }

    /** One wrk run, with the machine's, Liberty's and Redis's CPU per request over it. */
    record Cost(Wrk wrk, double cpuMicros, double libertyMicros, double redisMicros, double redisReads, double scripts) {
        static Cost of(String url, String duration, RedisProcess redis, long libertyPid) {
            try (Jedis jedis = redis.jedis()) {
                double cpu = MachineCpu.available() ? MachineCpu.busySeconds() : Double.NaN;
                double liberty = processSeconds(libertyPid);
                ServerStats before = ServerStats.read(jedis);
                long start = System.nanoTime();
                Wrk wrk = HttpBench.wrk(url, duration);
                double requests = wrk.perSecond() * (System.nanoTime() - start) / 1e9;
                ServerStats after = ServerStats.read(jedis);
                double machineCpu = MachineCpu.available() ? MachineCpu.busySeconds() - cpu : Double.NaN;
                return new Cost(wrk, machineCpu * 1e6 / requests, (processSeconds(libertyPid) - liberty) * 1e6 / requests,
                        (after.cpuSeconds() - before.cpuSeconds()) * 1e6 / requests,
                        (after.reads() - before.reads()) / requests, (scripts(after) - scripts(before)) / requests);
            }
        }

        /** The run with the median throughput, with the median of each other figure. */
        static Cost median(List<Cost> runs) {
            Wrk wrk = HttpBench.median(runs.stream().map(Cost::wrk).toList());
            return new Cost(wrk, Medians.of(runs, Cost::cpuMicros), Medians.of(runs, Cost::libertyMicros),
                    Medians.of(runs, Cost::redisMicros), Medians.of(runs, Cost::redisReads), Medians.of(runs, Cost::scripts));
        }

        /** A process's CPU time so far, user and system; NaN where the platform does not tell. */
        static double processSeconds(long pid) {
            return ProcessHandle.of(pid).flatMap(p -> p.info().totalCpuDuration())
                    .map(d -> d.toNanos() / 1e9).orElse(Double.NaN);
        }

        private static long scripts(ServerStats stats) {
            return stats.callsOf("evalsha") + stats.callsOf("eval");
        }
    }

    static Wrk wrk(String url, String duration) {
        return parse(Tools.run(List.of("wrk", "-t2", "-c16", "-d" + duration, "--latency", url), "apt-get install wrk"));
    }

    static Wrk parse(String out) {
        Matcher rps = Pattern.compile("Requests/sec:\\s+([0-9.]+)").matcher(out);
        if (!rps.find() || out.contains("Non-2xx")) {
            throw new IllegalStateException("wrk: " + out);
        }
        return new Wrk(Double.parseDouble(rps.group(1)), percentile(out, "50%"), percentile(out, "99%"));
    }

    private static double percentile(String out, String which) {
        Matcher m = Pattern.compile(Pattern.quote(which) + "\\s+([0-9.]+)(us|ms|s)").matcher(out);
        if (!m.find()) {
            throw new IllegalStateException("wrk printed no " + which + ": " + out);
        }
        double value = Double.parseDouble(m.group(1));
        return switch (m.group(2)) {
            case "us" -> value / 1000;
            case "s" -> value * 1000;
            default -> value;
        };
    }
}
