package it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import it.SampleServerExtension.SampleServer;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The MicroProfile 7.1 leg only (failsafe execution {@code mp-7.1}): the server really runs the 7.1 features and
 * nothing of the main server's MicroProfile 6.1 set, readiness reports Redis, and the extension's decisions reach
 * MicroProfile Telemetry 2.1 (metrics and span attributes, written to messages.log by the logging exporters).
 */
@ExtendWith(SampleServerExtension.class)
class MicroProfile71IT {
    private static final Pattern INSTALLED = Pattern.compile("CWWKF0012I: [^\\[]*\\[([^\\]]*)\\]");
    private SampleServer sample;

    @BeforeEach
    void clean(SampleServer sample) {
        this.sample = sample;
        sample.reset();
    }

    @Test
    void theServerRunsTheMicroProfile71Features() {
        Matcher m = INSTALLED.matcher(sample.server().messages());
        assertThat(m.find()).as("CWWKF0012I (installed features) in messages.log").isTrue();
        List<String> installed = Arrays.stream(m.group(1).split(",")).map(String::trim).toList();

        assertThat(installed).contains("mpConfig-3.1", "mpHealth-4.0", "mpOpenAPI-4.1", "mpRestClient-4.0",
                "mpTelemetry-2.1", "restfulWS-3.1", "cdi-4.0", "concurrent-3.0", "appSecurity-5.0");
        assertThat(installed).noneMatch(f -> f.startsWith("mpMetrics-"));
    }

    @Test
    void readinessReportsRedis() {
        HttpResponse<String> ready = Http.get(sample.url("/health/ready"));

        assertThat(ready.statusCode()).isEqualTo(200);
        assertThat(ready.body()).contains("\"throttled-redis\"", "\"UP\"");
        assertThat(Http.get(sample.url("/health/live")).statusCode()).isEqualTo(200);
    }

    @Test
    void deniedCallsReachOpenTelemetry() {
        int from = sample.server().messages().length();
        int denied = 0;
        for (int i = 0; i < 15; i++) {
            if (Http.get(sample.url("/api/demo/ping")).statusCode() == 429) {
                denied++;
            }
        }
        assertThat(denied).isPositive();

        // the counter, by policy, tier and outcome (attributes sorted by key), exported every second
        awaitLogLine(from, line -> line.contains("LoggingMetricExporter") && line.contains("name=throttled.decisions,")
                && line.contains("attributes={throttled.outcome=\"denied\", throttled.policy=\"ping\", throttled.tier=\"default\"}"));
        // a denied call's server span, with its decision (Liberty names it after the application path, 'GET /api':
        // the call ends in a filter, before the resource method)
        awaitLogLine(from, line -> line.contains("LoggingSpanExporter") && line.contains("url.path=/api/demo/ping")
                && line.contains("throttled.outcome=denied") && line.contains("throttled.policy=ping")
                && line.contains("throttled.remaining=0"));
    }

    /** Waits for a line of messages.log written since {@code from} that matches, at most 20 s. */
    private void awaitLogLine(int from, Predicate<String> line) {
        await("a matching line in messages.log within 20 s of the calls").atMost(Duration.ofSeconds(20))
                .pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(250)).until(() -> {
                    String log = sample.server().messages();
                    return log.substring(Math.min(from, log.length())).lines().anyMatch(line);
                });
    }
}
