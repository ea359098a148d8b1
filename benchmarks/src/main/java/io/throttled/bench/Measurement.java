package io.throttled.bench;

import org.HdrHistogram.Histogram;

/** Operations done, in how long, and their latencies. */
record Measurement(long operations, double seconds, Histogram latencies) implements Paired.Rated {

    @Override
    public double perSecond() {
        return operations / seconds;
    }

    double p50() {
        return latencies.getValueAtPercentile(50) / 1000.0;
    }

    double p99() {
        return latencies.getValueAtPercentile(99) / 1000.0;
    }

    double p999() {
        return latencies.getValueAtPercentile(99.9) / 1000.0;
    }
}
