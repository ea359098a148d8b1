package io.throttled.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keeps the suite compiling and running: a tiny run writes the report and the charts. Benchmarks are not
 * tests, so nothing here looks at a timing.
 */
class BenchmarkSuiteSmokeTest {

    @Test
    void aSmokeRunWritesTheReportAndTheCharts(@TempDir Path out) throws IOException {
        assumeTrue(Tools.onPath("redis-benchmark"), "redis-benchmark not found: install Debian redis-tools");
        List<Path> written = BenchmarkSuite.run(BenchmarkSuite.Options.parse("--smoke", "--skip-http", "--out", out.toString()));

        assertThat(written).containsExactly(out.resolve("results.md"), out.resolve("throughput.png"), out.resolve("bucket4j.png"),
                out.resolve("peers.png"));
        String report = Files.readString(out.resolve("results.md"));
        assertThat(report).contains("- Redis: ", "- JDK: ", "1. Against the physical limit", "2. Against Bucket4j",
                "3. Round trips and server cost", "4. Memory per key", "6. Flood", "7. In-JVM (JMH)",
                "8. Decision latency, and the Redis timeout", "| healthy, 64 callers (of ", "| BGREWRITEAOF, 8 callers |");
        for (String algorithm : List.of("token-bucket", "token-bucket (interval)", "gcra", "fixed-window",
                "sliding-window-log", "sliding-window-counter", "leaky-bucket")) {
            assertThat(report).contains("| " + algorithm + " | 64 |");
        }
        // script calls per decision, counted by Redis itself: one each when pipelined, at most one when batched
        assertThat(report).contains("| token-bucket (coalesced, a script per decision) | 1.00 |");
        java.util.regex.Matcher batched = java.util.regex.Pattern.compile("\\| token-bucket \\(coalesced\\) \\| ([0-9.]+) \\|")
                .matcher(report);
        assertThat(batched.find()).as("the coalesced token bucket's row").isTrue();
        assertThat(Double.parseDouble(batched.group(1))).isGreaterThan(0).isLessThanOrEqualTo(1.0);
        // Redis' CPU at fixed batch sizes, a batch script against as many scripts of their own
        for (String algorithm : List.of("token-bucket", "gcra", "leaky-bucket")) {
            assertThat(report).containsPattern("\\| 64 \\| " + algorithm + " \\| [0-9.]+ \\| [0-9.]+ \\| [0-9.]+ \\| [0-9.]+ \\|");
        }
        // what 20x Bucket4j's best on the hot key asks, beside Redis' one-thread ceiling and the wake-up floor
        assertThat(report).containsPattern("What the hot-key target asks here: 20 × [0-9.,]+ = [0-9.,]+ decisions/s")
                .contains("(median of 1, `WakeFloor`)");
        // the in-JVM store, its anchor and the floors of shared and of private state, each with what a second thread adds
        for (String row : List.of("token-bucket", "Bucket4j-local (anchor)", "shared-write floor (not a limiter)",
                "private-write floor (not a limiter, nothing shared)")) {
            assertThat(report).containsPattern("\\| " + java.util.regex.Pattern.quote(row) + " \\| [0-9.,]+ ± ([0-9.,]+|NaN) \\|");   // no forks: no error
        }
        assertThat(report).contains("| ours ÷ Bucket4j | per round | target |");
        // every peer swept, then measured against ours at its best setting, case by case
        assertThat(report).contains("9. Peers at their best", "| ours ÷ peer at its best | uniform, 8 | hot key, 64 |",
                "Against each peer's best setting where callers block");
        for (String peer : List.of("Bucket4j-Jedis 8.17", "Bucket4j-Lettuce 8.17", "Bucket4j-Redisson 8.17",
                "Redisson RRateLimiter 3.52", "Spring Cloud Gateway 5.0.4 script, Lettuce")) {
            assertThat(report).containsPattern("\\| " + java.util.regex.Pattern.quote(peer) + " \\| [0-9.]+× \\| [0-9.]+× \\|")
                    .contains("| " + peer + ": setting |");
            assertThat(report.split(java.util.regex.Pattern.quote("\n| " + peer + " | "), -1)).as("its two ratio rows").hasSize(3);
        }
        for (Path chart : written.subList(1, 4)) {
            byte[] png = Files.readAllBytes(chart);
            assertThat(png).startsWith(0x89, 'P', 'N', 'G');
        }
    }

    @Test
    void aBadArgumentIsNamedWithTheAcceptedOnes() {
        assertThatThrownBy(() -> BenchmarkSuite.Options.parse("--fast"))
                .hasMessage("unknown argument '--fast'; accepted: --out DIR, --wlp DIR, --smoke, --skip-http, --skip-jmh,"
                        + " --sections 1,2,3,5,6,7,8,9");
        assertThatThrownBy(() -> BenchmarkSuite.Options.parse("--sections", "1,4"))
                .hasMessage("--sections '1,4': a comma-separated list of 1, 2, 3 (with 4), 5, 6, 7, 8, 9");
        assertThatThrownBy(() -> BenchmarkSuite.Options.parse("--out")).hasMessage("--out needs a value");
    }
}
