package io.throttled.bench;

import it.LibertyServer;
import io.throttled.testing.RedisProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The sample on Liberty, driven by wrk on loopback: an endpoint with and without {@code @Throttled}. */
final class HttpBench {
    record Wrk(double perSecond, double p50Millis, double p99Millis) {
    }

    void run(Report report, RedisProcess redis, Path wlp, boolean smoke) {
        report.heading("5. HTTP overhead on Liberty");
        if (!Files.isDirectory(wlp.resolve("usr/servers/throttled-sample"))) {
            report.paragraph("Skipped: no Liberty server at " + wlp + " (benchmarks/run installs it).");
            return;
        }
        if (!onPath("wrk")) {
            report.paragraph("Skipped: wrk is not installed (apt-get install wrk).");
            return;
        }
        System.setProperty("wlp.install.dir", wlp.toString());
        String duration = smoke ? "2s" : "10s";
        report.paragraph("`wrk -t2 -c16 -d" + duration + " --latency` against `GET /api/demo/free` (no annotation) and"
                + " `GET /api/demo/ping` (`@Throttled`, its policy raised to admit everything), alternating, three rounds"
                + " each after a warm-up; medians. Targets: throughput ≥ 0.9×, added p99 ≤ 0.3 ms.");
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
            double addedP99 = p.p99Millis() - f.p99Millis();
            report.table("endpoint", "requests/s", "p50 ms", "p99 ms")
                    .row("/api/demo/free", Report.num(f.perSecond()), Report.num(f.p50Millis()), Report.num(f.p99Millis()))
                    .row("/api/demo/ping (@Throttled)", Report.num(p.perSecond()), Report.num(p.p50Millis()),
                            Report.num(p.p99Millis()))
                    .end();
            report.paragraph("Throughput ratio " + Report.ratio(ratio) + " (" + Report.verdict(ratio, 0.9, true)
                    + "); added latency p50 " + Report.num(p.p50Millis() - f.p50Millis()) + " ms, p99 "
                    + Report.num(addedP99) + " ms (" + Report.verdict(addedP99, 0.3, false) + ").");
        }
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
        try {
            Process process = new ProcessBuilder("wrk", "-t2", "-c16", "-d" + duration, "--latency", url)
                    .redirectErrorStream(true).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            process.waitFor();
            return parse(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
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

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
