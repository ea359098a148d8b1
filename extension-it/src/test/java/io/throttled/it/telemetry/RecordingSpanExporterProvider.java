package io.throttled.it.telemetry;

import io.opentelemetry.sdk.autoconfigure.spi.ConfigProperties;
import io.opentelemetry.sdk.autoconfigure.spi.traces.ConfigurableSpanExporterProvider;
import io.opentelemetry.sdk.trace.export.SpanExporter;

/** {@code otel.traces.exporter=recorded}. */
public class RecordingSpanExporterProvider implements ConfigurableSpanExporterProvider {
    @Override
    public SpanExporter createExporter(ConfigProperties config) {
        return new Recorded.Spans();
    }

    @Override
    public String getName() {
        return "recorded";
    }
}
