package io.throttled.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.LongPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.throttled.Throttled;
import io.throttled.ThrottledException;
import io.throttled.cdi.CurrentCall;
import io.throttled.cdi.MetricNames;
import io.throttled.cdi.RequestDecisions;
import io.throttled.cdi.TestConfig;
import io.throttled.cdi.ThrottledExtension;
import io.throttled.cdi.ThrottledInterceptor;
import io.throttled.cdi.ThrottledProducers;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.net.ServerSocket;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jboss.weld.environment.se.Weld;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The OpenTelemetry listener in a real CDI container (Weld SE), recording into a real SDK whose in-memory
 * reader and exporter give back exactly what an exporter would have sent.
 */
class ThrottledTelemetryTest {
    private static int containers;
    private final InMemoryMetricReader metrics = InMemoryMetricReader.create();
    private final InMemorySpanExporter spans = InMemorySpanExporter.create();
    private final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
            .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(metrics).build())
            .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
            .build();

    @AfterEach
    void close() {
        TestConfig.clear();
        sdk.close();
    }

    /** What the server's MicroProfile Telemetry does: the application's OpenTelemetry as a bean. */
    @ApplicationScoped
    public static class TelemetryProducer {
        static OpenTelemetry current;
        static int produced;

        @Produces
        OpenTelemetry openTelemetry() {
            produced++;
            return current;
        }
    }

    @ApplicationScoped
    public static class Greeter {
        @Throttled(value = "greet", rate = "3/1d")
        public String greet() {
            return "hello";
        }

        @Throttled(value = "watched", rate = "1/1d", enforce = false)
        public String watched() {
            return "ran";
        }
    }

    private WeldContainer boot() {
        TelemetryProducer.current = sdk;
        TelemetryProducer.produced = 0;
        return new Weld("throttled-telemetry-" + ++containers).disableDiscovery()
                .addExtension(new ThrottledExtension())
                .addBeanClasses(TelemetryListener.class, ThrottledProducers.class, CurrentCall.class, RequestDecisions.class,
                        ThrottledInterceptor.class, TelemetryProducer.class, Greeter.class)
                .initialize();
    }

    @Test
    void eachDecisionIsCountedOnceByPolicyTierAndOutcomeAndTimedInSeconds() {
        try (WeldContainer cdi = boot()) {
            Greeter greeter = cdi.select(Greeter.class).get();
            for (int i = 0; i < 3; i++) {
                greeter.greet();
            }
            for (int i = 0; i < 2; i++) {
                assertThatThrownBy(greeter::greet).isInstanceOf(ThrottledException.class);
            }
            greeter.watched();
            greeter.watched();   // denied in shadow mode: runs, counted apart

            Collection<MetricData> read = metrics.collectAllMetrics();
            assertThat(counts(read, MetricNames.DECISIONS)).isEqualTo(Map.of(
                    "greet/default/allowed", 3L, "greet/default/denied", 2L,
                    "watched/default/allowed", 1L, "watched/default/shadow_denied", 1L));
            MetricData counter = metric(read, MetricNames.DECISIONS);
            assertThat(counter.getUnit()).isEqualTo("{decision}");
            assertThat(counter.getLongSumData().isMonotonic()).isTrue();

            MetricData duration = metric(read, ThrottledTelemetry.DECISION_DURATION);
            assertThat(duration.getUnit()).isEqualTo("s");
            long timed = 0;
            for (HistogramPointData point : duration.getHistogramData().getPoints()) {
                timed += point.getCount();
                // in-JVM decisions: well under a second, and never negative
                assertThat(point.getMin()).isGreaterThanOrEqualTo(0);
                assertThat(point.getMax()).isLessThan(1.0);
                assertThat(point.getBoundaries()).startsWith(0.0001, 0.00025);
            }
            assertThat(timed).isEqualTo(7);
        }
    }

    /**
     * Liberty hands out the application's OpenTelemetry only on a thread that carries the application; while it
     * starts, it may give a disabled one for good. So it is asked at the first decision, not before.
     */
    @Test
    void theApplicationsOpenTelemetryIsAskedForAtTheFirstDecisionNotAtStart() {
        try (WeldContainer cdi = boot()) {
            assertThat(TelemetryProducer.produced).isZero();
            cdi.select(Greeter.class).get().greet();
            cdi.select(Greeter.class).get().greet();
            assertThat(TelemetryProducer.produced).isEqualTo(1);
        }
    }

    @Test
    void aDecisionDescribesTheCurrentSpanAndADenialAddsAnEvent() {
        try (WeldContainer cdi = boot()) {
            Greeter greeter = cdi.select(Greeter.class).get();
            inSpan("allowed", greeter::greet);
            inSpan("allowed", greeter::greet);
            inSpan("allowed", greeter::greet);
            inSpan("denied", () -> assertThatThrownBy(greeter::greet).isInstanceOf(ThrottledException.class));

            List<SpanData> ended = spans.getFinishedSpanItems();
            assertThat(ended).hasSize(4);
            SpanData third = ended.get(2);
            assertThat(third.getAttributes().asMap()).containsEntry(ThrottledTelemetry.POLICY, "greet")
                    .containsEntry(ThrottledTelemetry.OUTCOME, "allowed").containsEntry(ThrottledTelemetry.REMAINING, 0L)
                    .doesNotContainKey(ThrottledTelemetry.RETRY_AFTER_MS);
            assertThat(third.getEvents()).isEmpty();

            SpanData denied = ended.get(3);
            Attributes attributes = denied.getAttributes();
            assertThat(attributes.get(ThrottledTelemetry.OUTCOME)).isEqualTo("denied");
            assertThat(attributes.get(ThrottledTelemetry.TIER)).isEqualTo("default");
            assertThat(attributes.get(ThrottledTelemetry.REMAINING)).isZero();
            // 3 a day: the next token in 8 hours
            assertThat(attributes.get(ThrottledTelemetry.RETRY_AFTER_MS)).isBetween(28_790_000L, 28_800_000L);
            assertThat(denied.getEvents()).extracting(EventData::getName).containsExactly(ThrottledTelemetry.DENIED_EVENT);
            assertThat(denied.getEvents().get(0).getAttributes().get(ThrottledTelemetry.RETRY_AFTER_MS))
                    .isEqualTo(attributes.get(ThrottledTelemetry.RETRY_AFTER_MS));
        }
    }

    @Test
    void withoutASpanOrWithOneNotSampledNothingIsWrittenAndNothingFails() {
        try (WeldContainer cdi = boot()) {
            Greeter greeter = cdi.select(Greeter.class).get();
            greeter.greet();   // no current span: Span.current() is the invalid one
            try (Scope ignored = Span.wrap(io.opentelemetry.api.trace.SpanContext.create(
                    "0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331",
                    io.opentelemetry.api.trace.TraceFlags.getDefault(),
                    io.opentelemetry.api.trace.TraceState.getDefault())).makeCurrent()) {
                greeter.greet();   // a remote parent, not recording here
            }
            assertThat(spans.getFinishedSpanItems()).isEmpty();
            assertThat(counts(metrics.collectAllMetrics(), MetricNames.DECISIONS))
                    .isEqualTo(Map.of("greet/default/allowed", 2L));
        }
    }

    /** Redis at an address where nothing listens: every call fails, the breaker opens, both are counted. */
    @Test
    void redisErrorsAndBreakerTransitionsAreCounted() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        TestConfig.set("throttled.redis.url", "redis://127.0.0.1:" + closedPort);
        TestConfig.set("throttled.redis.failure-mode", "open");
        TestConfig.set("throttled.redis.breaker.failures", "2");
        TestConfig.set("throttled.redis.breaker.open-for", "1h");
        try (WeldContainer cdi = boot()) {
            Greeter greeter = cdi.select(Greeter.class).get();
            for (int i = 0; i < 5; i++) {
                greeter.greet();   // allowed by failure mode open
            }
            Collection<MetricData> read = metrics.collectAllMetrics();
            assertThat(counts(read, MetricNames.DECISIONS)).isEqualTo(Map.of("greet/default/decided_without_redis", 5L));
            // the first two calls reached Redis and failed (the first too: the listener starts with the application),
            // then the open breaker kept the other three from trying
            assertThat(sum(metric(read, MetricNames.REDIS_ERRORS))).isEqualTo(2);
            assertThat(metric(read, MetricNames.BREAKER_TRANSITIONS).getLongSumData().getPoints())
                    .singleElement().satisfies(p -> {
                        assertThat(p.getAttributes().get(ThrottledTelemetry.STATE)).isEqualTo("open");
                        assertThat(p.getValue()).isEqualTo(1);
                    });
            // the same five by cause: two refused connections, then three the open breaker kept from Redis
            MetricData fallbacks = metric(read, MetricNames.REDIS_FALLBACKS);
            assertThat(fallbacks.getUnit()).isEqualTo("{decision}");
            assertThat(fallbacks.getLongSumData().isMonotonic()).isTrue();
            Map<String, Long> byCause = new TreeMap<>();
            fallbacks.getLongSumData().getPoints().forEach(p -> {
                assertThat(p.getAttributes().asMap().keySet()).containsExactly(ThrottledTelemetry.CAUSE);
                byCause.put(p.getAttributes().get(ThrottledTelemetry.CAUSE), p.getValue());
            });
            assertThat(byCause).isEqualTo(Map.of("timeout", 0L, "connection", 2L, "breaker_open", 3L));
            assertThat(metric(read, MetricNames.REDIS_FALLBACK_RUNNING).getLongGaugeData().getPoints())
                    .singleElement().satisfies(p -> assertThat(p.getValue()).as("an episode runs").isEqualTo(1));
        }
    }

    @Test
    void withoutRedisNoFallbackIsObserved() {
        try (WeldContainer cdi = boot()) {
            cdi.select(Greeter.class).get().greet();
            assertThat(metrics.collectAllMetrics()).extracting(MetricData::getName)
                    .contains(MetricNames.DECISIONS)
                    .doesNotContain(MetricNames.REDIS_FALLBACKS, MetricNames.REDIS_FALLBACK_RUNNING);
        }
    }

    private void inSpan(String name, Runnable call) {
        Span span = sdk.getTracer("test").spanBuilder(name).startSpan();
        try (Scope ignored = span.makeCurrent()) {
            call.run();
        } finally {
            span.end();
        }
    }

    private static MetricData metric(Collection<MetricData> read, String name) {
        return read.stream().filter(m -> m.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no metric " + name + " in " + read));
    }

    private static long sum(MetricData metric) {
        return metric.getLongSumData().getPoints().stream().mapToLong(LongPointData::getValue).sum();
    }

    /** policy/tier/outcome to count; fails on any other attribute, so a client key would show. */
    private static Map<String, Long> counts(Collection<MetricData> read, String name) {
        Map<String, Long> counts = new TreeMap<>();
        for (LongPointData point : metric(read, name).getLongSumData().getPoints()) {
            assertThat(point.getAttributes().asMap().keySet()).containsExactlyInAnyOrder(
                    ThrottledTelemetry.POLICY, ThrottledTelemetry.TIER, ThrottledTelemetry.OUTCOME);
            counts.put(point.getAttributes().get(ThrottledTelemetry.POLICY) + "/"
                    + point.getAttributes().get(ThrottledTelemetry.TIER) + "/"
                    + point.getAttributes().get(ThrottledTelemetry.OUTCOME), point.getValue());
        }
        return counts;
    }
}
