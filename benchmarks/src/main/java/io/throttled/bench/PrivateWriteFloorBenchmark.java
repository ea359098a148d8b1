package io.throttled.bench;

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
 * Not a limiter: {@link SharedWriteFloorBenchmark}'s work on a map of each thread's own, so no line one thread
 * writes is ever wanted by the other. Its two-thread ÷ one-thread figure is what the machine gives a second thread
 * when nothing is shared; the shared-write floor's, beside it, what sharing the written state takes from that.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class PrivateWriteFloorBenchmark {
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
