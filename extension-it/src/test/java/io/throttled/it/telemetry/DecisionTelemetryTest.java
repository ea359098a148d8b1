package io.throttled.it.telemetry;

import io.throttled.it.server.Requires;
import io.throttled.it.server.Scenario;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.opentelemetry.sdk.autoconfigure.spi.metrics.ConfigurableMetricExporterProvider;
import io.opentelemetry.sdk.autoconfigure.spi.traces.ConfigurableSpanExporterProvider;
import io.throttled.it.ClientHttp;
import io.throttled.it.Deployments;
import java.net.URL;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.awaitility.core.ConditionTimeoutException;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * On Liberty with MicroProfile Telemetry and Metrics: three allowed and two denied requests are counted exactly so
 * by the OpenTelemetry counter (by policy, tier and outcome, nothing else) and by MP Metrics, once each; each is
 * timed in seconds; no other meter reports them; and each request's server span carries its decision, the denied
 * ones with a {@code throttled.denied} event. The application's SDK exports to exporters of the deployment's own
 * (the SDK's exporter SPI), read back over HTTP.
 */
@Requires(Scenario.MP_TELEMETRY)
@RunAsClient
@ExtendWith(ArquillianExtension.class)
class DecisionTelemetryTest {
    private static final String SCOPE = "io.throttled";
    private static final String ALLOWED = "{throttled.outcome=allowed,throttled.policy=telemetry-limited,throttled.tier=default}";
    private static final String DENIED = "{throttled.outcome=denied,throttled.policy=telemetry-limited,throttled.tier=default}";

    @Deployment(testable = false)
    @TargetsContainer("telemetry")
    static WebArchive deployment() {
        return Deployments.war("decision-telemetry",
                        "otel.sdk.disabled=false",
                        "otel.service.name=decision-telemetry",
                        "otel.metrics.exporter=recorded",
                        "otel.traces.exporter=recorded",
                        "otel.logs.exporter=none",
                        "otel.metric.export.interval=200",
                        "otel.bsp.schedule.delay=100")
                .addClasses(TelemetryApplication.class, LimitedResource.class, RecordedResource.class, Recorded.class,
                        Recorded.Unbuffered.class, Recorded.Metrics.class, Recorded.Spans.class,
                        RecordingMetricExporterProvider.class, RecordingSpanExporterProvider.class)
                .addAsServiceProvider(ConfigurableMetricExporterProvider.class, RecordingMetricExporterProvider.class)
                .addAsServiceProvider(ConfigurableSpanExporterProvider.class, RecordingSpanExporterProvider.class);
    }

    @ArquillianResource
    URL base;

    @Test
    void eachDecisionIsCountedOnceInEachSystemAndDescribedOnItsServerSpan() {
        for (int i = 0; i < 3; i++) {
            assertThat(ClientHttp.get(base, "api/limited").status()).isEqualTo(200);
        }
        for (int i = 0; i < 2; i++) {
            assertThat(ClientHttp.get(base, "api/limited").status()).isEqualTo(429);
        }

        List<String> metrics = awaitExported(() -> lines(ClientHttp.get(base, "api/recorded/metrics").body()),
                m -> m.contains("throttled.decisions " + SCOPE + " {decision} " + DENIED + "=2")
                        && m.stream().anyMatch(l -> l.startsWith("throttled.decision.duration " + SCOPE + " s " + DENIED + "=count=2")));
        // the periodic reader exports the cumulative totals again: still exactly the five, after two more exports
        int exports = metricExports();
        await("two more metric exports").atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100))
                .until(() -> metricExports() >= exports + 2);
        metrics = lines(ClientHttp.get(base, "api/recorded/metrics").body());
        List<String> throttled = metrics.stream().filter(l -> l.contains("throttled")).toList();
        System.out.println("exported metrics:\n" + String.join("\n", metrics));
        assertThat(throttled).filteredOn(l -> l.startsWith("throttled.decisions ")).containsExactlyInAnyOrder(
                "throttled.decisions " + SCOPE + " {decision} " + ALLOWED + "=3",
                "throttled.decisions " + SCOPE + " {decision} " + DENIED + "=2");
        assertThat(throttled).filteredOn(l -> l.startsWith("throttled.decision.duration ")).hasSize(2)
                .anySatisfy(l -> assertThat(l).startsWith("throttled.decision.duration " + SCOPE + " s " + ALLOWED + "=count=3 "))
                .anySatisfy(l -> assertThat(l).startsWith("throttled.decision.duration " + SCOPE + " s " + DENIED + "=count=2 "));
        // Redis decided every call: the calls decided without it are 0 for every cause, and no episode runs
        assertThat(throttled).filteredOn(l -> l.startsWith("throttled.redis.fallbacks ")).containsExactlyInAnyOrder(
                "throttled.redis.fallbacks " + SCOPE + " {decision} {throttled.fallback.cause=timeout}=0",
                "throttled.redis.fallbacks " + SCOPE + " {decision} {throttled.fallback.cause=connection}=0",
                "throttled.redis.fallbacks " + SCOPE + " {decision} {throttled.fallback.cause=breaker_open}=0");
        assertThat(throttled).contains("throttled.redis.fallback.running " + SCOPE + " 1=LONG_GAUGE");
        // nothing else reports throttled's numbers into OpenTelemetry (MP Metrics is not bridged into it here)
        assertThat(throttled).allSatisfy(l -> assertThat(l).matches("throttled\\.(decision|redis\\.fallback).*"));

        // MP Metrics counted the same five, once each
        String prometheus = ClientHttp.get(base, "/metrics?scope=application").body();
        assertThat(mpCount(prometheus, "allowed")).isEqualTo(3.0);
        assertThat(mpCount(prometheus, "denied")).isEqualTo(2.0);
        for (String cause : List.of("timeout", "connection", "breaker_open")) {
            assertThat(prometheus).as("MP Metrics' fallbacks by cause").containsPattern(
                    "throttled_redis_fallbacks\\{[^}]*cause=\"" + cause + "\"[^}]*} 0(\\.0)?\n");
        }
        assertThat(prometheus).containsPattern("throttled_redis_fallback_running(\\{[^}]*})? 0(\\.0)?\n");

        List<String> spans = awaitExported(() -> lines(ClientHttp.get(base, "api/recorded/spans").body()).stream()
                .filter(s -> s.startsWith("SERVER ") && s.contains("limited")).toList(), s -> s.size() == 5);
        System.out.println("exported server spans:\n" + String.join("\n", spans));
        assertThat(spans).filteredOn(s -> s.contains("throttled.outcome=allowed")).hasSize(3)
                .anySatisfy(s -> assertThat(s).contains("throttled.remaining=0").endsWith("events=[]"))
                .anySatisfy(s -> assertThat(s).contains("throttled.remaining=2"));
        assertThat(spans).filteredOn(s -> s.contains("throttled.outcome=denied")).hasSize(2).allSatisfy(s -> {
            assertThat(s).contains("throttled.policy=telemetry-limited", "throttled.remaining=0", "throttled.retry_after_ms=",
                    "events=[throttled.denied{");
            // retry-after: the next of three tokens a day, within 8 hours
            long retryAfter = Long.parseLong(s.replaceAll(".*throttled\\.retry_after_ms=(\\d+).*", "$1"));
            assertThat(retryAfter).isBetween(8 * 3_600_000L - 60_000, 8 * 3_600_000L);
        });
    }

    private static double mpCount(String prometheus, String outcome) {
        return Arrays.stream(prometheus.split("\n"))
                .filter(l -> l.startsWith("throttled_decisions_total{") && l.contains("outcome=\"" + outcome + "\"")
                        && l.contains("policy=\"telemetry-limited\""))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }

    private int metricExports() {
        return Integer.parseInt(ClientHttp.get(base, "api/recorded/metric-exports").body().strip());
    }

    private static List<String> lines(String text) {
        return Arrays.stream(text.split("\n")).filter(l -> !l.isBlank()).toList();
    }

    /** Reads until the exporters have what is expected (the SDK exports every 200 ms), at most 20 s. */
    private static List<String> awaitExported(Supplier<List<String>> read, Predicate<List<String>> done) {
        AtomicReference<List<String>> last = new AtomicReference<>(List.of());
        try {
            return await().atMost(Duration.ofSeconds(20)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(100))
                    .until(() -> {
                        last.set(read.get());
                        return last.get();
                    }, done);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("what the exporters received: " + last.get(), e);
        }
    }
}
