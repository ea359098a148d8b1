package io.throttled.it.telemetry;

import io.opentelemetry.sdk.autoconfigure.spi.ConfigProperties;
import io.opentelemetry.sdk.autoconfigure.spi.metrics.ConfigurableMetricExporterProvider;
import io.opentelemetry.sdk.metrics.export.MetricExporter;

/** {@code otel.metrics.exporter=recorded}. */
public class RecordingMetricExporterProvider implements ConfigurableMetricExporterProvider {
    @Override
    public MetricExporter createExporter(ConfigProperties config) {
        return new Recorded.Metrics();
    }

    @Override
    public String getName() {
        return "recorded";
    }
}
