package io.throttled.bench;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;

/**
 * Not a limiter: the memory traffic every exact in-JVM limiter has on each decision, and nothing else. The same
 * 10,000 keys built the same way as in {@link MemoryStoreBenchmark}, looked up in a map, and the key's state read and
 * written (two longs, unsynchronised). Whether the threads share the map is the subclass's {@code @State} scope.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public abstract class WriteFloor {
    private final ConcurrentMap<String, long[]> states = new ConcurrentHashMap<>();

    @Setup
    public void setUp() {
        for (int i = 0; i < 10_000; i++) {
            states.put("k" + i, new long[2]);
        }
    }

    @Benchmark
    public Object decide() {
        long[] state = states.get("k" + ThreadLocalRandom.current().nextInt(10_000));
        state[0]++;   // the tokens taken
        state[1] = System.nanoTime();   // when
        return state;
    }
}
