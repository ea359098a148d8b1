package io.throttled.bench;

import io.throttled.testing.redis.RedisProcess;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import redis.clients.jedis.Jedis;

/**
 * The whole suite on one Redis of its own, in one run, so every ratio compares figures measured side by side:
 * writes {@code results.md} and the charts to the output folder.
 *
 * <p>Arguments: {@code --out DIR} (default {@code benchmarks/results}), {@code --wlp DIR} (the Liberty runtime
 * with the sample's server, for the HTTP part), {@code --smoke} (tiny and quick: keeps the suite running in CI,
 * its figures mean nothing), {@code --skip-http}, {@code --skip-jmh}, {@code --sections 1,2} (only those parts).
 */
public final class BenchmarkSuite {

    /** What to run, and where. */
    record Options(Path out, Path wlp, boolean smoke, Set<Integer> sections) {
        static final Set<Integer> ALL = Set.of(1, 2, 3, 5, 6, 7, 8, 9);

        static Options parse(String... args) {
            Path out = Path.of("benchmarks/results");
            Path wlp = Path.of("sample-war/target/liberty/wlp");
            boolean smoke = false;
            Set<Integer> sections = new TreeSet<>(ALL);
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--out" -> out = Path.of(value(args, ++i, "--out"));
                    case "--wlp" -> wlp = Path.of(value(args, ++i, "--wlp"));
                    case "--smoke" -> smoke = true;
                    case "--skip-http" -> sections.remove(5);
                    case "--skip-jmh" -> sections.remove(7);
                    case "--sections" -> sections = sections(value(args, ++i, "--sections"));
                    default -> throw new IllegalArgumentException("unknown argument '" + args[i]
                            + "'; accepted: --out DIR, --wlp DIR, --smoke, --skip-http, --skip-jmh, --sections 1,2,3,5,6,7,8,9");
                }
            }
            return new Options(out, wlp, smoke, sections);
        }

        boolean runs(int section) {
            return sections.contains(section);
        }

        private static Set<Integer> sections(String list) {
            Set<Integer> chosen = new TreeSet<>();
            for (String item : list.split(",")) {
                try {
                    chosen.add(Integer.parseInt(item.trim()));
                } catch (NumberFormatException e) {
                    chosen.add(-1);
                }
            }
            if (chosen.isEmpty() || !ALL.containsAll(chosen)) {
                throw new IllegalArgumentException("--sections '" + list + "': a comma-separated list of 1, 2, 3 (with 4),"
                        + " 5, 6, 7, 8, 9");
            }
            return chosen;
        }

        private static String value(String[] args, int i, String name) {
            if (i >= args.length) {
                throw new IllegalArgumentException(name + " needs a value");
            }
            return args[i];
        }
    }

    private BenchmarkSuite() {
    }

    public static void main(String[] args) {
        run(Options.parse(args));
    }

    /** Runs the suite and returns the files it wrote. */
    static List<Path> run(Options options) {
        System.setProperty("java.awt.headless", "true");
        Report report = new Report();
        List<Path> written = new ArrayList<>();
        ThroughputBench.Settings settings = ThroughputBench.Settings.of(options.smoke());
        try (RedisProcess redis = RedisProcess.start(); Limiters limiters = new Limiters(redis.url())) {
            report.line("# throttled benchmarks" + (options.smoke() ? " (smoke run: the figures mean nothing)" : ""));
            report.line("");
            try (Jedis jedis = redis.jedis()) {
                report.paragraph(Environment.describe(jedis));
            }
            report.paragraph("Reproduce with `benchmarks/run` (about 2 hours). Each section measures ours and its"
                    + " baseline in the same run, on the same Redis; compare ratios, not absolute figures.");
            if (options.runs(1)) {
                ThroughputBench throughput = new ThroughputBench();
                throughput.run(report, redis, limiters, settings);
                Path chart = options.out().resolve("throughput.png");
                Charts.bars(chart, "Decisions per second at 64 callers, one Redis", "decisions / s",
                        new String[] {"redis-benchmark EVALSHA", "ours, coalesced", "redis-benchmark EVALSHA -P 16",
                                "ours, no coalescing"}, throughput.at64);
                report.paragraph("![decisions per second at 64 callers](throughput.png)");
                written.add(chart);
            }
            if (options.runs(2)) {
                Bucket4jBench bucket4j = new Bucket4jBench();
                bucket4j.run(report, redis, limiters, settings);
                Path chart = options.out().resolve("bucket4j.png");
                Charts.bars(chart, "Ours and Bucket4j, token bucket, decisions per second", "decisions / s",
                        new String[] {"ours", "Bucket4j"}, bucket4j.results);
                report.paragraph("![ours and Bucket4j](bucket4j.png)");
                written.add(chart);
            }
            if (options.runs(9)) {
                PeersBench peers = new PeersBench();
                peers.run(report, redis, limiters, settings);
                Path chart = options.out().resolve("peers.png");
                Charts.rows(chart, "Ours and each peer at every setting of its sweep, decisions per second",
                        "decisions / s", peers.chartSeries(), peers.sweepChart);
                report.paragraph("![the peers' sweep](peers.png)");
                written.add(chart);
            }
            if (options.runs(3)) {
                new CostBench().run(report, redis, limiters, settings);
            }
            if (options.runs(5)) {
                new HttpBench().run(report, redis, limiters.coalesced, options.wlp().toAbsolutePath(), options.smoke());
            }
            if (options.runs(6)) {
                new FloodBench().run(report, redis, limiters);
            }
            if (options.runs(7)) {
                new JmhBench().run(report, options.smoke());
            }
            if (options.runs(8)) {   // on a Redis of its own: it fills it and makes it fork
                new DecisionLatencyUnderLoad().run(report, DecisionLatencyUnderLoad.Settings.of(options.smoke()), true);
            }
        }
        Path results = options.out().resolve("results.md");
        report.write(results);
        written.add(0, results);
        return written;
    }
}
