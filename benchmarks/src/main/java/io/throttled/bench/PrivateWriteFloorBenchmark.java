package io.throttled.bench;

import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The {@link WriteFloor} on a map of each thread's own, so no line one thread writes is ever wanted by the other.
 * Its two-thread ÷ one-thread figure is what the machine gives a second thread when nothing is shared; the
 * {@link SharedWriteFloorBenchmark}'s, beside it, what sharing the written state takes from that.
 */
@State(Scope.Thread)
public class PrivateWriteFloorBenchmark extends WriteFloor {
}
