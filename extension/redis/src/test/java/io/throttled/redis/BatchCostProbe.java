package io.throttled.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What a batch script saves Redis at a fixed batch size: n decisions sent from one connection as n pipelined
 * decision scripts, or as one {@code batch.lua} call. Lives in the extension's package (in the benchmarks'
 * jar only) to build the calls {@link CoalescingScripting} would, without the timing of real callers deciding
 * how large batches get.
 */
public final class BatchCostProbe {
    /** Redis' figures for one way of sending: CPU (all of it) and script execution, per decision, in µs. */
    public record Cost(double cpuMicros, double scriptMicros) {
    }

    /** Reads Redis' counters before and after a run: its CPU seconds and the µs its scripts ran. */
    public interface Counters {
        double cpuSeconds();

        long scriptMicros();
    }

    private final JedisScripting redis;
    private final Counters counters;

    public BatchCostProbe(JedisScripting redis, Counters counters) {
        this.redis = redis;
        this.counters = counters;
        redis.load(AlgorithmScripts.all());
    }

    /** The names of the algorithms, in the order {@link #measure} numbers them. */
    public static List<String> algorithms() {
        return AlgorithmScripts.ALGORITHMS.stream().map(a -> a.file().replace(".lua", "")).toList();
    }

    /**
     * Sends {@code decisions} token-taking decisions of the algorithm numbered {@code algorithm} on random keys, or
     * all on one key (a hot key), (one limit of 10^9/1s, which admits all, so every decision writes), n at a time.
     */
    public Cost measure(int algorithm, int n, boolean batch, int decisions, boolean oneKey) {
        AlgorithmScript script = AlgorithmScripts.ALGORITHMS.get(algorithm);
        List<String> limit = argumentsOf(script);
        double cpu = counters.cpuSeconds();
        long executed = counters.scriptMicros();
        for (int sent = 0; sent < decisions; sent += n) {
            List<ScriptCall> calls = new ArrayList<>(n);
            for (int j = 0; j < n; j++) {
                List<String> args = new ArrayList<>(2 + limit.size());
                args.add("1");
                args.add("");
                args.addAll(limit);
                calls.add(new ScriptCall(script.lua(), List.of("probe:" + algorithm + ":"
                        + (oneKey ? "hot" : Integer.toString(ThreadLocalRandom.current().nextInt(100_000)))), args));
            }
            if (batch) {
                BatchScript.split(redis.run(BatchScript.of(calls)), n);
            } else {
                redis.runAll(calls);
            }
        }
        return new Cost((counters.cpuSeconds() - cpu) * 1e6 / decisions,
                (double) (counters.scriptMicros() - executed) / decisions);
    }

    /** The per-limit arguments the algorithm's script takes for 10^9 per second, burst 10^9. */
    private static List<String> argumentsOf(AlgorithmScript script) {
        List<String> args = new ArrayList<>(3);
        script.addArguments(io.throttled.core.Policy.builder("probe").rate("1000000000/1s").build().limits().get(0), args);
        return args;
    }
}
