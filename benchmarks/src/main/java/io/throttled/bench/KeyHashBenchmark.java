package io.throttled.bench;

import io.throttled.core.BucketKeys;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/** What a client-supplied key that must be hashed (too long, or unsafe characters) adds to a decision. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class KeyHashBenchmark {

    @Benchmark
    public Object hashAnUnsafeKey() {
        return BucketKeys.safe("h:{" + ThreadLocalRandom.current().nextInt() + "} client supplied");
    }

    @Benchmark
    public Object keepASafeKey() {
        return BucketKeys.safe("u:" + ThreadLocalRandom.current().nextInt());
    }
}
