package io.throttled.resilience;

import java.util.Arrays;

/** Percentiles of recorded call times, for the resilience tests' assertions and reports. */
final class Latencies {
    private Latencies() {
    }

    /** The p-th percentile (0..100) of these nanosecond samples, in ms. */
    static double percentileMillis(long[] nanos, double p) {
        if (nanos.length == 0) {
            return 0;
        }
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))] / 1_000_000.0;
    }

    static String describe(long[] nanos) {
        return String.format("n=%d p50=%.3fms p90=%.3fms p99=%.3fms max=%.3fms", nanos.length,
                percentileMillis(nanos, 50), percentileMillis(nanos, 90), percentileMillis(nanos, 99),
                percentileMillis(nanos, 100));
    }
}
