package io.throttled.bench;

import java.util.Collection;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/** Runs the JMH benchmarks (in-JVM parts) and tabulates them. */
final class JmhBench {

    void run(Report report, boolean smoke) {
        report.heading("7. In-JVM (JMH)");
        Options options = new OptionsBuilder().include(MemoryStoreBenchmark.class.getName()).include(KeyHashBenchmark.class.getName())
                .forks(smoke ? 0 : 1).warmupIterations(smoke ? 1 : 2).warmupTime(TimeValue.milliseconds(smoke ? 100 : 1000))
                .measurementIterations(smoke ? 1 : 3).measurementTime(TimeValue.milliseconds(smoke ? 100 : 1000))
                .shouldFailOnError(true).build();
        try {
            Collection<RunResult> results = new Runner(options).run();
            report.paragraph("The in-JVM store (the default without Redis, and the local fallback), one thread, 10,000 keys,"
                    + " and the hashing of an unsafe client key; JMH average time per call.");
            Report.Table table = report.table("benchmark", "algorithm", "ns per call", "± (99.9%)");
            for (RunResult r : results) {
                String name = r.getParams().getBenchmark();
                String algorithm = r.getParams().getParam("algorithm");
                table.row(name.substring(name.lastIndexOf('.', name.lastIndexOf('.') - 1) + 1), algorithm == null ? "" : algorithm,
                        Report.num(r.getPrimaryResult().getScore()), Report.num(r.getPrimaryResult().getScoreError()));
            }
            table.end();
        } catch (RunnerException e) {
            throw new IllegalStateException("JMH failed", e);
        }
    }
}
