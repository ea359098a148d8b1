package io.throttled.telemetry;

import io.throttled.cdi.ThrottledExtension;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.BeforeBeanDiscovery;
import jakarta.enterprise.inject.spi.Extension;

/**
 * Adds the OpenTelemetry listener when the application sees the OpenTelemetry API, beside the MicroProfile
 * Metrics one: each counts every decision once, in its own system. Its own extension, so that the CDI layer
 * below does not know this package; nothing here names an OpenTelemetry type, so it loads without the API.
 */
public class TelemetryExtension implements Extension {

    void beforeDiscovery(@Observes BeforeBeanDiscovery event) {
        if (ThrottledExtension.available("io.opentelemetry.api.OpenTelemetry")) {
            event.addAnnotatedType(ThrottledTelemetry.class, ThrottledTelemetry.class.getName())
                    .add(ApplicationScoped.Literal.INSTANCE);
        }
    }
}
