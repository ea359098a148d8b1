package io.throttled.bench;

import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The {@link WriteFloor} on one map all threads share. Its two-thread ÷ one-thread figure is what the machine allows
 * a store whose buckets are shared by the threads: when a core writes a line the other core wrote last, the line
 * moves between them, and on some VMs that move costs more than the whole decision.
 */
@State(Scope.Benchmark)
public class SharedWriteFloorBenchmark extends WriteFloor {
}
