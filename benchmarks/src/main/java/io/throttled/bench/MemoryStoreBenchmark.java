package io.throttled.bench;

import io.throttled.core.Algorithm;
import io.throttled.core.Refill;
import io.throttled.core.Policy;
import io.throttled.memory.InMemoryRateLimiter;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** The in-JVM store's decision per algorithm (the default without Redis, and the local fallback). */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MemoryStoreBenchmark {
    @Param({"token-bucket", "token-bucket-interval", "gcra", "fixed-window", "sliding-window-log",
            "sliding-window-counter", "leaky-bucket"})
    public String algorithm;

    private InMemoryRateLimiter limiter;
    private Policy policy;

    /**
     * The rate of the benchmark's policy: one that admits every call, but for the sliding log, whose state grows with
     * the calls in its window (a stamp per admitted call). {@link PairedJars} sets up the same decision.
     */
    static String rate(String algorithm) {
        return algorithm.equals("sliding-window-log") ? "10000/1s" : "1000000000/1s";
    }

    @Setup
    public void setUp() {
        boolean interval = algorithm.equals("token-bucket-interval");
        Algorithm a = Algorithm.fromConfig(interval ? "token-bucket" : algorithm);
        policy = Policy.builder("jmh").algorithm(a).refill(interval ? Refill.INTERVAL : Refill.GREEDY)
                .rate(rate(algorithm)).build();
        limiter = InMemoryRateLimiter.create();
    }

    @Benchmark
    public Object decide() {
        return limiter.acquire(policy, "k" + ThreadLocalRandom.current().nextInt(10_000), 1);
    }
}
