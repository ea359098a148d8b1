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
                + " each after a warm-up; medians. Target: throughput ≥ 0.9×.");
        try (LibertyServer server = LibertyServer.start("throttled-sample-bench", Map.of(
                "THROTTLED_REDIS_URL", redis.url(), "THROTTLED_POLICY_PING_RATE", "1000000000/1s",
                "DEMO_EMBEDDED_REDIS", "false"))) {
            String free = server.baseUrl() + "/api/demo/free";
            String ping = server.baseUrl() + "/api/demo/ping";
            wrk(free, "5s");
            wrk(ping, "5s");
            List<Wrk> frees = new ArrayList<>();
            List<Wrk> pings = new ArrayList<>();
            for (int round = 0; round < 3; round++) {
                frees.add(wrk(free, duration));
                pings.add(wrk(ping, duration));
            }
            Wrk f = median(frees);
            Wrk p = median(pings);
            double ratio = p.perSecond() / f.perSecond();
            report.table("endpoint", "requests/s", "p50 ms", "p99 ms")
                    .row("/api/demo/free", Report.num(f.perSecond()), Report.num(f.p50Millis()), Report.num(f.p99Millis()))
                    .row("/api/demo/ping (@Throttled)", Report.num(p.perSecond()), Report.num(p.p50Millis()),
                            Report.num(p.p99Millis()))
                    .end();
            report.paragraph("Throughput ratio " + Report.ratio(ratio) + " (" + Report.verdict(ratio, 0.9, true)
                    + "). At saturation both endpoints queue, so latencies there say little about what the limiter adds;"
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
