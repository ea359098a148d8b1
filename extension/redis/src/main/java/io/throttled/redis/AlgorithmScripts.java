package io.throttled.redis;

import io.throttled.core.Refill;
import io.throttled.core.Policy;
import java.util.List;
import java.util.stream.Stream;

/** The script for each algorithm, read and digested once per JVM. */
final class AlgorithmScripts {
    private static final AlgorithmScript TOKEN_BUCKET = new TokenBucketScript();
    private static final AlgorithmScript TOKEN_BUCKET_INTERVAL = new IntervalTokenBucketScript();
    private static final AlgorithmScript GCRA = new GcraScript();
    private static final AlgorithmScript FIXED_WINDOW = new FixedWindowScript();
    private static final AlgorithmScript SLIDING_WINDOW_LOG = new SlidingWindowLogScript();
    private static final AlgorithmScript SLIDING_WINDOW_COUNTER = new SlidingWindowCounterScript();
    private static final AlgorithmScript LEAKY_BUCKET = new LeakyBucketScript();
    static final LuaScript BUCKET = LuaScript.clocked("bucket.lua");
    static final LuaScript RELEASE = LuaScript.clocked("release.lua");
    /** Every algorithm's script, in a fixed order that numbers them (group scripts are cached by it). */
    static final List<AlgorithmScript> ALGORITHMS = List.of(TOKEN_BUCKET, TOKEN_BUCKET_INTERVAL, GCRA, FIXED_WINDOW,
            SLIDING_WINDOW_LOG, SLIDING_WINDOW_COUNTER, LEAKY_BUCKET);

    private AlgorithmScripts() {
    }

    static AlgorithmScript of(Policy policy) {
        switch (policy.algorithm()) {
            case TOKEN_BUCKET:
                return policy.refill() == Refill.INTERVAL ? TOKEN_BUCKET_INTERVAL : TOKEN_BUCKET;
            case GCRA:
                return GCRA;
            case FIXED_WINDOW:
                return FIXED_WINDOW;
            case SLIDING_WINDOW_LOG:
                return SLIDING_WINDOW_LOG;
            case SLIDING_WINDOW_COUNTER:
                return SLIDING_WINDOW_COUNTER;
            case LEAKY_BUCKET:
                return LEAKY_BUCKET;
            default:
                throw new IllegalStateException("no script for " + policy.algorithm());
        }
    }

    /** The algorithm files of a set (a bit per {@link #ALGORITHMS} entry), in that order: a group or batch script's. */
    static List<String> files(int set) {
        List<String> files = new java.util.ArrayList<>();
        for (int bit = 0; bit < ALGORITHMS.size(); bit++) {
            if ((set & (1 << bit)) != 0) {
                files.add(ALGORITHMS.get(bit).file());
            }
        }
        return files;
    }

    /** The number, from 1, a group or batch script of this set gives the algorithm with this bit. */
    static int numberIn(int set, int bit) {
        return Integer.bitCount(set & ((1 << bit) - 1)) + 1;
    }

    /** Every script, for loading ahead of the first call. */
    static List<LuaScript> all() {
        return Stream.concat(Stream.concat(ALGORITHMS.stream().map(AlgorithmScript::lua),
                ALGORITHMS.stream().flatMap(a -> Stream.of(a.reservation(), a.penalty(), a.lease()))
                        .filter(java.util.Objects::nonNull)), Stream.of(BUCKET, RELEASE)).toList();
    }
}
