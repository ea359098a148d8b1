package io.throttled.bench;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The anchor of {@link MemoryStoreBenchmark}: a Bucket4j local bucket per key in a {@link ConcurrentHashMap},
 * over the same 10,000 keys built the same way, with the same rate as our token bucket. It answers the same
 * question as our decision (allowed, remaining, wait), so it uses {@code tryConsumeAndReturnRemaining}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class Bucket4jLocalBenchmark {
    private final ConcurrentMap<String, Bucket> buckets = new ConcurrentHashMap<>();
    private Bandwidth bandwidth;

    @Setup
    public void setUp() {
        bandwidth = Bandwidth.builder().capacity(1_000_000_000L).refillGreedy(1_000_000_000L, Duration.ofSeconds(1)).build();
    }

    @Benchmark
    public Object decide() {
        return buckets.computeIfAbsent("k" + ThreadLocalRandom.current().nextInt(10_000),
                k -> Bucket.builder().addLimit(bandwidth).build()).tryConsumeAndReturnRemaining(1);
    }
}
