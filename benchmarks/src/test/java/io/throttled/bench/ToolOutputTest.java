package io.throttled.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The benchmarks read redis-benchmark's and wrk's printed summaries; a format change must fail loudly. */
class ToolOutputTest {

    @Test
    void readsRedisBenchmarksSummary() {
        String out = "EVALSHA ...: rps=12000.0 (overall: 11000.0) avg_msec=0.1\r"
                + "Summary:\n  throughput summary: 47619.05 requests per second\n  latency summary (msec):\n"
                + "          avg       min       p50       p95       p99       max\n"
                + "        0.055     0.024     0.056     0.079     0.127     0.559\n";

        assertThat(RedisBenchmark.parse(out)).isEqualTo(new RedisBenchmark.Result(47619.05, 0.056, 0.127));
    }

    @Test
    void refusesRedisBenchmarkOutputItCannotRead() {
        assertThatThrownBy(() -> RedisBenchmark.parse("ERR unknown command")).hasMessageContaining("cannot read");
    }

    @Test
    void readsACommandsPercentilesFromLatencystats() {
        String line = "latency_percentiles_usec_evalsha:p50=20.095,p99=138.239,p99.9=327.679";

        assertThat(CommandLatency.parse(line)).isEqualTo(new CommandLatency(20.095, 138.239));
    }

    @Test
    void countsBusyCpuFromProcStatWithoutIdleAndIowait() {
        // user nice system idle iowait irq softirq steal guest guest_nice
        String line = "cpu  100 20 30 5000 70 4 6 10 0 0";

        assertThat(MachineCpu.busySeconds(line, 100)).isEqualTo(1.70);
    }

    @Test
    void readsTheJitsCompileTimeFromJstat() {
        String out = "Compiled Failed Invalid   Time   FailedType FailedMethod\n"
                + "   17826      7       0   127.47          1 jdk/internal/reflect/ClassFileAssembler emitConstantPoolUTF8\n";

        assertThat(JitTime.parse(out)).isEqualTo(127.47);
    }

    @Test
    void refusesJstatOutputItCannotRead() {
        assertThatThrownBy(() -> JitTime.parse("12345 not found")).hasMessageContaining("cannot read jstat");
    }

    @Test
    void refusesALineThatIsNotTheCpuTotal() {
        assertThatThrownBy(() -> MachineCpu.busySeconds("intr 12 3", 100)).hasMessageContaining("not the cpu line");
    }

    @Test
    void readsWrkLatencyDistributionInAnyUnit() {
        String out = "  Latency Distribution\n     50%  412.00us\n     75%    1.20ms\n     90%    2.00ms\n     99%    1.50s\n"
                + "  100000 requests in 10.00s, 12.00MB read\nRequests/sec:  10000.50\n";

        assertThat(HttpBench.parse(out)).isEqualTo(new HttpBench.Wrk(10000.50, 0.412, 1500.0));
    }

    @Test
    void readsOneKeepAliveResponseAndLeavesTheNext() throws java.io.IOException {
        byte[] two = ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\ncontent-length: 4\r\n\r\n{\"a\"}"
                + "HTTP/1.1 429 Too Many Requests\r\nContent-Length: 0\r\n\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        java.io.InputStream in = new java.io.ByteArrayInputStream(two);

        assertThat(PacedHttp.readResponse(in)).isEqualTo(200);
        assertThat(PacedHttp.readResponse(in)).isEqualTo(429);
        assertThat(in.read()).isEqualTo(-1);
    }

    @Test
    void refusesAWrkRunWithErrorResponses() {
        String out = "     50%  1.00ms\n     99%  2.00ms\n  Non-2xx or 3xx responses: 12\nRequests/sec:  10.00\n";

        assertThatThrownBy(() -> HttpBench.parse(out)).hasMessageContaining("Non-2xx");
    }
}
