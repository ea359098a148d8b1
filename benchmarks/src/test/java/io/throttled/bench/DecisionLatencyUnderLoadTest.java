package io.throttled.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The arithmetic behind the timeout table: what a count of exceedances out of N decisions can claim. */
class DecisionLatencyUnderLoadTest {

    @Test
    void boundsAPoissonRateAt95Percent() {
        // the rule of three for none seen, and the textbook one-sided bounds for a few
        assertThat(DecisionLatencyUnderLoad.poissonUpper95(0)).isCloseTo(2.996, within(0.001));
        assertThat(DecisionLatencyUnderLoad.poissonUpper95(1)).isCloseTo(4.744, within(0.001));
        assertThat(DecisionLatencyUnderLoad.poissonUpper95(10)).isCloseTo(16.96, within(0.01));
        // beyond the exact sum, the normal approximation: above the count, not far above it
        assertThat(DecisionLatencyUnderLoad.poissonUpper95(10_000)).isBetween(10_150.0, 10_180.0);
    }

    @Test
    void readsACounterFromInfo() {
        String stats = "# Stats\r\ntotal_forks:12\r\nlatest_fork_usec:38012\r\n";

        assertThat(DecisionLatencyUnderLoad.field(stats, "latest_fork_usec")).isEqualTo(38_012);
        assertThat(DecisionLatencyUnderLoad.field(stats, "total_forks")).isEqualTo(12);
        assertThat(DecisionLatencyUnderLoad.field(stats, "aof_delayed_fsync")).isZero();
    }
}
