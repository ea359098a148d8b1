package io.throttled.testing;

import io.throttled.core.Algorithm;
import io.throttled.core.Refill;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * The cases of the randomized suites, each with this run's seed, which a failure prints: {@code
 * -Dthrottled.seed=<seed>} runs the same timelines again.
 */
public final class RandomCases {
    private RandomCases() {
    }

    /** {@code -Dthrottled.seed}, else a new one. */
    public static long seed() {
        return Long.getLong("throttled.seed", System.nanoTime());
    }

    /**
     * Every way to decide, as {@code (Algorithm, Refill, long seed)}: each algorithm with greedy refill, and the token
     * bucket with interval refill. For {@code @MethodSource("io.throttled.testing.RandomCases#everyAlgorithm")}.
     */
    public static Stream<Arguments> everyAlgorithm() {
        long seed = seed();
        List<Arguments> cases = new ArrayList<>();
        for (Algorithm algorithm : Algorithm.values()) {
            cases.add(Arguments.of(algorithm, Refill.GREEDY, seed));
        }
        cases.add(Arguments.of(Algorithm.TOKEN_BUCKET, Refill.INTERVAL, seed));
        return cases.stream();
    }
}
