package it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import it.SampleServerExtension.SampleServer;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** /metrics counts the decisions made; /health/ready follows Redis. */
@ExtendWith(SampleServerExtension.class)
class MetricsHealthIT {
    private SampleServer sample;

    @BeforeEach
    void clean(SampleServer sample) {
        this.sample = sample;
        sample.reset();
    }

    private long decisions(String policy, String outcome) {
        String metrics = Http.get(sample.url("/metrics?scope=application")).body();
        Matcher m = Pattern.compile("throttled_decisions_total\\{[^}]*outcome=\"" + outcome + "\",policy=\"" + policy
                + "\"[^}]*} ([0-9.E]+)").matcher(metrics);
        return m.find() ? (long) Double.parseDouble(m.group(1)) : 0;
    }

    @Test
    void theDecisionCountersMatchTheCallsMade() {
        long allowedBefore = decisions("greeting", "allowed");
        long deniedBefore = decisions("greeting", "denied");
        int allowed = 0;
        int denied = 0;
        for (int i = 0; i < 8; i++) {
            int status = Http.get(sample.url("/api/demo/greeting?name=metrics")).statusCode();
            if (status == 200) {
                allowed++;
            } else if (status == 429) {
                denied++;
            }
        }

        assertThat(allowed).isGreaterThanOrEqualTo(5);
        assertThat(denied).isPositive();
        assertThat(decisions("greeting", "allowed") - allowedBefore).isEqualTo(allowed);
        assertThat(decisions("greeting", "denied") - deniedBefore).isEqualTo(denied);
        String metrics = Http.get(sample.url("/metrics?scope=application")).body();
        assertThat(metrics).contains("throttled_redis_latency_seconds_count", "throttled_redis_errors_total",
                "throttled_memory_evictions");
        assertThat(metrics).doesNotContain("127.0.0.1");   // client keys never become tags
    }

    @Test
    void readinessGoesDownWithRedisAndUpWhenItIsBack() {
        assertThat(awaitReadiness(200, Duration.ofSeconds(10))).contains("\"throttled-redis\"", "\"UP\"");

        sample.redis().kill();
        try {
            assertThat(awaitReadiness(503, Duration.ofSeconds(10))).contains("\"throttled-redis\"", "\"DOWN\"");
            assertThat(Http.get(sample.url("/health/live")).statusCode()).as("liveness is untouched").isEqualTo(200);
        } finally {
            sample.redis().restart();
        }

        assertThat(awaitReadiness(200, Duration.ofSeconds(15))).contains("\"UP\"");
    }

    private String awaitReadiness(int status, Duration timeout) {
        AtomicReference<HttpResponse<String>> last = new AtomicReference<>();
        try {
            await().atMost(timeout).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(100)).until(() -> {
                last.set(Http.get(sample.url("/health/ready")));
                return last.get().statusCode() == status;
            });
        } catch (ConditionTimeoutException e) {
            HttpResponse<String> r = last.get();
            throw new AssertionError("readiness never became " + status + "; last: "
                    + (r == null ? "no answer" : r.statusCode() + " " + r.body()), e);
        }
        return last.get().body();
    }
}
