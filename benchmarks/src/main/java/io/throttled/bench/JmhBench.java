package io.throttled.bench;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.util.ListStatistics;

/**
 * Runs the JMH benchmarks (in-JVM parts) and tabulates them: the in-JVM store per algorithm against a
 * Bucket4j local bucket per key in a ConcurrentHashMap ({@link Bucket4jLocalBenchmark}), measured in the same
 * run, on one thread and on two, with the allocation per decision ({@code -prof gc}); the shared-write floor
 * ({@link SharedWriteFloorBenchmark}), whose two-thread scaling is what the machine allows any store whose buckets
 * both threads write; and the private-write floor ({@link PrivateWriteFloorBenchmark}), the same work on each thread's
 * own map, what the machine gives a second thread when nothing is shared.
 *
 * <p>Eight forks of four 1-s warm-ups and six 1-s measurements each (about 38 minutes in all), run in four rounds of
 * two forks per row, so that the host's slow spells, which last minutes, fall on every row alike; while any row's
 * 99.9 % error is still 10 % of its figure or more, whole rounds are added, at most four (then about 75 minutes).
 * On this VM the spread is between forks (one fork settles 30-40 % slower than the next, or meets a slow spell of
 * the host), not between one fork's iterations, so only more forks narrow the 99.9 % error. Four warm-ups let the
 * sliding-window log's 1-s window fill before its cost is the steady one. The key-hash figures, which no target
 * reads, get three forks. Every fork runs on a fixed, pre-touched 2 GB heap (see {@link #options}).
 */
final class JmhBench {
    /** At most Bucket4j-local per decision; the sliding-window log keeps a timestamp per call, so within 2×. */
    private static final double TARGET = 1.0;
    private static final double LOG_TARGET = 2.0;
    /** Two threads at least this many times one thread's decisions per second (two cores). */
    private static final double SCALING_TARGET = 1.8;
    private static final double ERROR_SHARE = 0.10;
    private static final int FORKS = 8;
    /** The forks of every row are run in this many rounds, each round every row in turn. */
    private static final int ROUNDS = 4;
    private static final int WARMUPS = 4;
    private static final int MEASUREMENTS = 6;
    /** Whole rounds added, at most this many, while any row's error is still 10 % of its figure or more. */
    private static final int EXTRA_ROUNDS = 4;
    /** Benchmarks with one method and no parameter, whose figure goes by the class's name alone. */
    private static final Set<String> ONE_FIGURE = Set.of(Bucket4jLocalBenchmark.class.getSimpleName(),
            SharedWriteFloorBenchmark.class.getSimpleName(), PrivateWriteFloorBenchmark.class.getSimpleName());

    void run(Report report, boolean smoke) {
        report.heading("7. In-JVM (JMH)");
        double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        Map<String, Figure> one = new LinkedHashMap<>();
        Map<String, Figure> two = new LinkedHashMap<>();
        // In rounds, every row's forks spread over the whole run: a slow spell of the host then weighs on ours, the
        // anchor and both thread counts alike, instead of on whichever rows JMH happened to run during it.
        int rounds = 0;
        while (rounds < (smoke ? 1 : ROUNDS) || !smoke && rounds < ROUNDS + EXTRA_ROUNDS && anyNoisy(one, two)) {
            round(smoke, one, two);
            rounds++;
        }
        Map<String, Figure> hashes = measure(smoke, 1, 3, KeyHashBenchmark.class);
        double loadAfter = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();

        report.paragraph("The in-JVM store (the default without Redis, and the local fallback) decides one call on one of"
                + " 10,000 keys (a new key string per call, `\"k\" + random`), against Bucket4j's local bucket per key in a"
                + " `ConcurrentHashMap` over the same keys (`tryConsumeAndReturnRemaining`, the same question: allowed,"
                + " remaining, wait), in the same JMH run. " + (smoke ? "Smoke run: no forks, the figures mean nothing."
                : FORKS + " forks × (" + WARMUPS + " × 1 s warm-up, " + MEASUREMENTS + " × 1 s measured), each on a fixed,"
                + " pre-touched 2 GB heap (`-Xms2g -Xmx2g -XX:+AlwaysPreTouch`), run in " + ROUNDS + " rounds of "
                + FORKS / ROUNDS + " forks, each round every row on one thread and then on two, so that the host's slow"
                + " spells weigh on every row alike; \"per round\" gives each round's own ratio.") + " Allocation per decision from `-prof gc`"
                + " (`gc.alloc.rate.norm`). While any row's 99.9 % error was still 10 % of its figure or more, another"
                + " round was run, at most " + EXTRA_ROUNDS + " more (rounds in this run: " + rounds + ", so "
                + (smoke ? 0 : rounds * FORKS / ROUNDS) + " forks per row); figures and errors are over every fork's"
                + " iterations."
                + " Load average " + String.format(Locale.ROOT, "%.2f", loadBefore)
                + " before, " + String.format(Locale.ROOT, "%.2f", loadAfter) + " after (2 cores).");
        Figure anchor1 = one.get(Bucket4jLocalBenchmark.class.getSimpleName());
        Figure anchor2 = two.get(Bucket4jLocalBenchmark.class.getSimpleName());
        Figure floor1 = one.get(SharedWriteFloorBenchmark.class.getSimpleName());
        Figure floor2 = two.get(SharedWriteFloorBenchmark.class.getSimpleName());
        Figure private1 = one.get(PrivateWriteFloorBenchmark.class.getSimpleName());
        Figure private2 = two.get(PrivateWriteFloorBenchmark.class.getSimpleName());
        Report.Table table = report.table("algorithm", "ns per decision, 1 thread (± 99.9%)", "B per decision",
                "Bucket4j-local, same run", "ours ÷ Bucket4j", "per round", "target", "", "2 threads: ns per decision per thread",
                "added by the 2nd thread, ns", "2 threads ÷ 1 thread, decisions/s", "target (≥ 1.8×)");
        for (Map.Entry<String, Figure> e : one.entrySet()) {
            if (!e.getKey().startsWith("MemoryStoreBenchmark")) {
                continue;
            }
            Figure ours1 = e.getValue();
            Figure ours2 = two.get(e.getKey());
            String algorithm = e.getKey().substring(e.getKey().indexOf(' ') + 1);
            double target = algorithm.equals("sliding-window-log") ? LOG_TARGET : TARGET;
            double ratio = ours1.ns / anchor1.ns;
            table.row(algorithm, ours1.text(), Report.num(ours1.bytes), anchor1.text(), Report.ratio(ratio),
                    perRound(ours1, anchor1), "≤ " + Report.ratio(target), Report.verdict(ratio, target, false), ours2.text(),
                    Report.num(ours2.ns - ours1.ns), Report.ratio(scaling(ours1, ours2)),
                    Report.verdict(scaling(ours1, ours2), SCALING_TARGET, true));
        }
        table.row("Bucket4j-local (anchor)", anchor1.text(), Report.num(anchor1.bytes), "", "", "", "", "", anchor2.text(),
                Report.num(anchor2.ns - anchor1.ns), Report.ratio(scaling(anchor1, anchor2)), "");
        double added = floor2.ns - floor1.ns;
        table.row("shared-write floor (not a limiter)", floor1.text(), Report.num(floor1.bytes), "", "", "", "", "",
                floor2.text(), Report.num(added), Report.ratio(scaling(floor1, floor2)), "");
        table.row("private-write floor (not a limiter, nothing shared)", private1.text(), Report.num(private1.bytes), "", "",
                "", "", "", private2.text(), Report.num(private2.ns - private1.ns), Report.ratio(scaling(private1, private2)), "");
        table.end();
        report.paragraph("The two floors are not limiters. The shared-write floor looks up the same keys in a"
                + " `ConcurrentHashMap` both threads share and writes two longs of the key's state, the memory traffic"
                + " every exact store with shared buckets has; the private-write floor does the same on a map of each"
                + " thread's own. With nothing shared, two threads made " + Report.ratio(scaling(private1, private2))
                + " one thread's rate; sharing the written state took that to " + Report.ratio(scaling(floor1, floor2))
                + ". What the second thread adds to the shared floor's decision (" + Report.num(added) + " ns here) is"
                + " the price of taking over lines the other core wrote last, which no store whose buckets both threads"
                + " write avoids. Two threads reach " + Report.ratio(SCALING_TARGET) + " one thread's rate only when that"
                + " price is under a ninth of a one-thread decision: the faster the decision, the further below the"
                + " target the same price puts it.");
        List<String> noisy = new ArrayList<>();
        for (Map<String, Figure> run : List.of(one, two)) {   // the key hashes' error is no target's
            run.forEach((name, f) -> {
                if (f.error > ERROR_SHARE * f.ns) {
                    noisy.add(name + (run == one ? " (1 thread)" : " (2 threads)"));
                }
            });
        }
        report.paragraph(noisy.isEmpty() ? "Every 99.9 % error above is below 10 % of its figure."
                : "The 99.9 % error is 10 % of the figure or more for: " + String.join(", ", noisy)
                + "; the machine was not quiet enough for those rows.");
        Figure unsafe = hashes.get("KeyHashBenchmark.hashAnUnsafeKey");
        Figure safe = hashes.get("KeyHashBenchmark.keepASafeKey");
        if (unsafe != null && safe != null) {
            report.paragraph("The client key inside a bucket name, one thread: an unsafe key hashed (SHA-256) "
                    + unsafe.text() + " ns, a safe key kept " + safe.text() + " ns.");
        }
    }

    /**
     * One round: every row on one thread, then on two. A noisy row gets more forks only as a whole round, so every
     * row's forks stay spread over the same time and each round's ratio compares figures measured side by side.
     */
    private static void round(boolean smoke, Map<String, Figure> one, Map<String, Figure> two) {
        join(one, measure(smoke, 1, FORKS / ROUNDS, MemoryStoreBenchmark.class, Bucket4jLocalBenchmark.class,
                SharedWriteFloorBenchmark.class, PrivateWriteFloorBenchmark.class));
        join(two, measure(smoke, 2, FORKS / ROUNDS, MemoryStoreBenchmark.class, Bucket4jLocalBenchmark.class,
                SharedWriteFloorBenchmark.class, PrivateWriteFloorBenchmark.class));
    }

    private static boolean anyNoisy(Map<String, Figure> one, Map<String, Figure> two) {
        return one.values().stream().anyMatch(Figure::noisy) || two.values().stream().anyMatch(Figure::noisy);
    }

    /** Adds one round's figures to the run's, row by row. */
    private static void join(Map<String, Figure> run, Map<String, Figure> round) {
        round.forEach((row, f) -> run.merge(row, f, Figure::with));
    }

    /** The lowest and highest of ours ÷ the anchor over the rounds. */
    private static String perRound(Figure ours, Figure anchor) {
        double low = Double.MAX_VALUE;
        double high = 0;
        for (int i = 0; i < Math.min(ours.roundMeans.size(), anchor.roundMeans.size()); i++) {
            double ratio = ours.roundMeans.get(i) / anchor.roundMeans.get(i);
            low = Math.min(low, ratio);
            high = Math.max(high, ratio);
        }
        return high == 0 ? "" : Report.ratio(low) + "–" + Report.ratio(high);
    }

    /** Decisions per second on two threads ÷ on one, from the per-thread time per decision of each. */
    private static double scaling(Figure one, Figure two) {
        return 2 * one.ns / two.ns;
    }

    /**
     * One benchmark's figures: ns per call, its 99.9 % error, bytes allocated per call; the scores of its measured
     * iterations, over how many forks.
     */
    private record Figure(double ns, double error, double bytes, List<Double> scores, int forks, List<Double> roundMeans) {
        String text() {
            return Report.num(ns) + " ± " + Report.num(error);
        }

        boolean noisy() {
            return error >= ERROR_SHARE * ns;
        }

        /** This figure and {@code more} of the same benchmark as one: the mean and error over both sets of iterations. */
        Figure with(Figure more) {
            ListStatistics all = new ListStatistics();
            scores.forEach(all::addValue);
            more.scores.forEach(all::addValue);
            List<Double> joined = new ArrayList<>(scores);
            joined.addAll(more.scores);
            List<Double> means = new ArrayList<>(roundMeans);
            means.addAll(more.roundMeans);
            double allocated = (bytes * forks + more.bytes * more.forks) / (forks + more.forks);
            return new Figure(all.getMean(), all.getMeanErrorAt(0.999), allocated, joined, forks + more.forks, means);
        }
    }

    private static Map<String, Figure> measure(boolean smoke, int threads, int forks, Class<?>... benchmarks) {
        OptionsBuilder builder = new OptionsBuilder();
        for (Class<?> benchmark : benchmarks) {
            builder.include(benchmark.getName() + "\\.");   // a pattern: not MemoryStoreBenchmarkX
        }
        return run(options(builder, smoke, threads, forks));
    }

    private static Options options(OptionsBuilder builder, boolean smoke, int threads, int forks) {
        // A fixed, pre-touched heap: on this VM a heap page's first touch is slow enough that a growing heap swung
        // one fork's figure 2-3x, and the benchmark that allocates more (Bucket4j) the most.
        Options options = builder.threads(threads).addProfiler(GCProfiler.class)
                .jvmArgsAppend("-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch")
                .forks(smoke ? 0 : forks).warmupIterations(smoke ? 1 : WARMUPS)
                .warmupTime(TimeValue.milliseconds(smoke ? 100 : 1000))
                .measurementIterations(smoke ? 1 : MEASUREMENTS).measurementTime(TimeValue.milliseconds(smoke ? 100 : 1000))
                .shouldFailOnError(true).build();
        return options;
    }

    private static Map<String, Figure> run(Options options) {
        Collection<RunResult> results;
        try {
            results = new Runner(options).run();
        } catch (RunnerException e) {
            throw new IllegalStateException("JMH failed", e);
        }
        Map<String, Figure> figures = new LinkedHashMap<>();
        for (RunResult r : results) {
            String name = r.getParams().getBenchmark();
            String shortName = name.substring(name.lastIndexOf('.', name.lastIndexOf('.') - 1) + 1);
            String algorithm = r.getParams().getParam("algorithm");
            String className = shortName.substring(0, shortName.indexOf('.'));
            String key = className.equals(MemoryStoreBenchmark.class.getSimpleName()) ? className + " " + algorithm
                    : ONE_FIGURE.contains(className) ? className : shortName;
            Result<?> alloc = r.getSecondaryResults().get("gc.alloc.rate.norm");
            List<Double> scores = new ArrayList<>();
            for (BenchmarkResult fork : r.getBenchmarkResults()) {
                for (IterationResult iteration : fork.getIterationResults()) {
                    scores.add(iteration.getPrimaryResult().getScore());
                }
            }
            figures.put(key, new Figure(r.getPrimaryResult().getScore(), r.getPrimaryResult().getScoreError(),
                    alloc == null ? Double.NaN : alloc.getScore(), scores, r.getBenchmarkResults().size(),
                    List.of(r.getPrimaryResult().getScore())));
        }
        return figures;
    }
}
