package io.throttled.bench;

import io.throttled.core.Policy;
import io.throttled.redis.RedisRateLimiter;
import io.throttled.testing.RedisProcess;
import it.LibertyServer;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import redis.clients.jedis.Jedis;

/** The sample on Liberty, driven by wrk on loopback: an endpoint with and without {@code @Throttled}. */
final class HttpBench {
    record Wrk(double perSecond, double p50Millis, double p99Millis) {
    }

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
        report.paragraph("`wrk -t2 -c16 -d" + duration + " --latency` against `GET /api/demo/free` (no annotation) and"
                + " `GET /api/demo/ping` (`@Throttled`, its policy raised to admit everything), alternating, three rounds"
                + " each, after a warm-up that lasts until the free endpoint's throughput is steady; medians. CPU per"
                + " request is the whole machine's busy time (wrk, Liberty and Redis share the cores) over the requests"
                + " served; Redis's is from `INFO cpu`. Target: throughput ≥ 0.9×.");
        try (LibertyServer server = LibertyServer.start("throttled-sample-bench", Map.of(
                "THROTTLED_REDIS_URL", redis.url(), "THROTTLED_POLICY_PING_RATE", "1000000000/1s",
                // the sample's per-address route would make the free endpoint pay a decision: moved off the
                // measured paths (the route table stays, so both endpoints pay its lookup, as an application would)
                "THROTTLED_ROUTE_API_PER_IP_PATH", "/api/not-measured/**",
                "DEMO_EMBEDDED_REDIS", "false"))) {
            String free = server.baseUrl() + "/api/demo/free";
            String ping = server.baseUrl() + "/api/demo/ping";
            int warmUps = warmUp(free, ping, smoke);
            List<Cost> frees = new ArrayList<>();
            List<Cost> pings = new ArrayList<>();
            for (int round = 0; round < 3; round++) {
                frees.add(Cost.of(free, duration, redis));
                pings.add(Cost.of(ping, duration, redis));
            }
            Cost f = Cost.median(frees);
            Cost p = Cost.median(pings);
            double ratio = p.wrk().perSecond() / f.wrk().perSecond();
            report.table("endpoint", "requests/s", "p50 ms", "p99 ms", "machine CPU µs / request", "of which Redis µs")
                    .row("/api/demo/free", Report.num(f.wrk().perSecond()), Report.num(f.wrk().p50Millis()),
                            Report.num(f.wrk().p99Millis()), Report.num(f.cpuMicros()), Report.num(f.redisMicros()))
                    .row("/api/demo/ping (@Throttled)", Report.num(p.wrk().perSecond()), Report.num(p.wrk().p50Millis()),
                            Report.num(p.wrk().p99Millis()), Report.num(p.cpuMicros()), Report.num(p.redisMicros()))
                    .end();
            double added = p.cpuMicros() - f.cpuMicros();
            report.paragraph("Throughput ratio " + Report.ratio(ratio) + " (" + Report.verdict(ratio, 0.9, true)
                    + "), after " + warmUps + " warm-up rounds of 5 s per endpoint. With every core busy, the ratio is"
                    + " the ratio of CPU per request: the decision adds " + Report.num(added) + " µs of machine CPU to a"
                    + " request that costs " + Report.num(f.cpuMicros()) + " µs without it, " + Report.num(p.redisMicros())
                    + " µs of it in Redis (script and per-request I/O) and the rest in the kernel and this JVM for the"
                    + " round trip. 0.9× would need the whole decision within " + Report.num(f.cpuMicros() / 9) + " µs."
                    + " At saturation both endpoints queue, so latencies there say little about what the limiter adds;"
                    + " they are measured below at a steady rate instead.");
            int rate = smoke ? 100 : 400;
            Duration steady = smoke ? Duration.ofSeconds(2) : Duration.ofSeconds(15);
            report.paragraph("Steady load: " + rate + " requests/s over 8 keep-alive connections for " + steady.toSeconds()
                    + " s each (latency from when each request was due), alternating, two rounds; medians.");
            List<Histogram> freeRuns = new ArrayList<>();
            List<Histogram> pingRuns = new ArrayList<>();
            List<Histogram> redisRuns = new ArrayList<>();
            for (int round = 0; round < 2; round++) {
                freeRuns.add(Paced.run(8, rate, steady, t -> new PacedHttp(URI.create(free))));
                pingRuns.add(Paced.run(8, rate, steady, t -> new PacedHttp(URI.create(ping))));
                redisRuns.add(Paced.run(8, rate, steady, t -> () -> limiter.acquire(BIG, "k" + t, 1)));
            }
            double[] fp = percentiles(freeRuns);
            double[] pp = percentiles(pingRuns);
            double[] rp = percentiles(redisRuns);
            report.table("calls", "p50 ms", "p99 ms", "p99.9 ms")
                    .row("/api/demo/free", Report.num(fp[0]), Report.num(fp[1]), Report.num(fp[2]))
                    .row("/api/demo/ping (@Throttled)", Report.num(pp[0]), Report.num(pp[1]), Report.num(pp[2]))
                    .row("one decision on the same Redis, outside Liberty", Report.num(rp[0]), Report.num(rp[1]),
                            Report.num(rp[2]))
                    .end();
            double addedP99 = pp[1] - fp[1];
            report.paragraph("Added by the limiter: p50 " + Report.num(pp[0] - fp[0]) + " ms, p99 " + Report.num(addedP99)
                    + " ms (target ≤ 0.3 ms: " + Report.verdict(addedP99, 0.3, false) + "). The last row is the floor:"
                    + " one Redis round trip at the same rate, from this JVM.");
        }
    }

    /** Median over the runs of p50, p99 and p99.9, in ms. */
    private static double[] percentiles(List<Histogram> runs) {
        double[] result = new double[3];
        double[] quantiles = {50, 99, 99.9};
        for (int q = 0; q < 3; q++) {
            int which = q;
            double[] values = runs.stream().mapToDouble(h -> h.getValueAtPercentile(quantiles[which]) / 1000.0).sorted().toArray();
            result[q] = values.length % 2 == 1 ? values[values.length / 2]
                    : (values[values.length / 2 - 1] + values[values.length / 2]) / 2;
        }
        return result;
    }

    private static Wrk median(List<Wrk> runs) {
        List<Wrk> sorted = new ArrayList<>(runs);
        sorted.sort((a, b) -> Double.compare(a.perSecond(), b.perSecond()));
        Wrk mid = sorted.get(sorted.size() / 2);
        double[] p50 = runs.stream().mapToDouble(Wrk::p50Millis).sorted().toArray();
        double[] p99 = runs.stream().mapToDouble(Wrk::p99Millis).sorted().toArray();
        return new Wrk(mid.perSecond(), p50[p50.length / 2], p99[p99.length / 2]);
    }

    /**
     * Runs both endpoints in 5-second rounds until the free one's throughput changes by less than 10 % from one
     * round to the next (Liberty's JIT takes tens of seconds to settle), at least 3 rounds and at most 10.
     */
    private static int warmUp(String free, String ping, boolean smoke) {
        int rounds = 0;
        double last = 0;
        while (rounds < (smoke ? 1 : 10)) {
            double now = wrk(free, smoke ? "1s" : "5s").perSecond();
            wrk(ping, smoke ? "1s" : "5s");
            rounds++;
            if (rounds >= 3 && Math.abs(now - last) < 0.1 * last) {
                break;
            }
            last = now;
        }
        return rounds;
    }

    /** One wrk run, with the machine's and Redis's CPU per request over it. */
    record Cost(Wrk wrk, double cpuMicros, double redisMicros) {
        static Cost of(String url, String duration, RedisProcess redis) {
            try (Jedis jedis = redis.jedis()) {
                double cpu = MachineCpu.available() ? MachineCpu.busySeconds() : Double.NaN;
                double redisCpu = ServerStats.read(jedis).cpuSeconds();
                long start = System.nanoTime();
                Wrk wrk = HttpBench.wrk(url, duration);
                double requests = wrk.perSecond() * (System.nanoTime() - start) / 1e9;
                redisCpu = ServerStats.read(jedis).cpuSeconds() - redisCpu;
                double machineCpu = MachineCpu.available() ? MachineCpu.busySeconds() - cpu : Double.NaN;
                return new Cost(wrk, machineCpu * 1e6 / requests, redisCpu * 1e6 / requests);
            }
        }

        /** The run with the median throughput, with the median of each other figure. */
        static Cost median(List<Cost> runs) {
            Wrk wrk = HttpBench.median(runs.stream().map(Cost::wrk).toList());
            return new Cost(wrk, mid(runs.stream().mapToDouble(Cost::cpuMicros).sorted().toArray()),
                    mid(runs.stream().mapToDouble(Cost::redisMicros).sorted().toArray()));
        }

        private static double mid(double[] sorted) {
            return sorted[sorted.length / 2];
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
