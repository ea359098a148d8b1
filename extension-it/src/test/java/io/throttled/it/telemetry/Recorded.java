package io.throttled.it.telemetry;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.metrics.InstrumentType;
import io.opentelemetry.sdk.metrics.data.AggregationTemporality;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.LongPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.export.MetricExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * What the application's SDK exported, as lines the test reads over HTTP: real exporters the server's own SDK
 * calls (found through the SDK's exporter SPI in the deployment), keeping it in the application's memory, so the
 * test asserts on what an exporter receives rather than on log text.
 */
public final class Recorded {
    /** The last value of each metric point (cumulative: the total so far), by a line that names it. */
    static final Map<String, String> METRICS = new ConcurrentHashMap<>();
    static final List<String> SPANS = new CopyOnWriteArrayList<>();
    /** How many times the SDK has exported metrics: a test waits for exports by this, not by the clock. */
    static final AtomicInteger METRIC_EXPORTS = new AtomicInteger();

    private Recorded() {
    }

    /** Keeps nothing back: every export is recorded as it comes, so flushing and shutting down have nothing to do. */
    abstract static class Unbuffered {
        public CompletableResultCode flush() {
            return CompletableResultCode.ofSuccess();
        }

        public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
        }
    }

    static final class Metrics extends Unbuffered implements MetricExporter {
        @Override
        public CompletableResultCode export(Collection<MetricData> batch) {
            for (MetricData metric : batch) {
                String name = metric.getName() + " " + metric.getInstrumentationScopeInfo().getName() + " " + metric.getUnit();
                switch (metric.getType()) {
                    case LONG_SUM -> {
                        for (LongPointData point : metric.getLongSumData().getPoints()) {
                            METRICS.put(name + " " + text(point.getAttributes()), Long.toString(point.getValue()));
                        }
                    }
                    case HISTOGRAM -> {
                        for (HistogramPointData point : metric.getHistogramData().getPoints()) {
                            METRICS.put(name + " " + text(point.getAttributes()), "count=" + point.getCount()
                                    + " max=" + point.getMax());
                        }
                    }
                    default -> METRICS.put(name, metric.getType().name());
                }
            }
            METRIC_EXPORTS.incrementAndGet();
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public AggregationTemporality getAggregationTemporality(InstrumentType type) {
            return AggregationTemporality.CUMULATIVE;
        }
    }

    static final class Spans extends Unbuffered implements SpanExporter {
        @Override
        public CompletableResultCode export(Collection<SpanData> batch) {
            for (SpanData span : batch) {
                String events = span.getEvents().stream().map(e -> e.getName() + text(e.getAttributes()))
                        .collect(Collectors.joining(","));
                SPANS.add(span.getKind() + " " + span.getName() + " " + text(span.getAttributes()) + " events=[" + events + "]");
            }
            return CompletableResultCode.ofSuccess();
        }
    }

    /** Attributes sorted by key, {@code {k=v, k=v}}. */
    static String text(Attributes attributes) {
        Map<String, String> sorted = new TreeMap<>();
        attributes.forEach((key, value) -> sorted.put(key.getKey(), String.valueOf(value)));
        return sorted.toString().replace(" ", "");
    }

}
