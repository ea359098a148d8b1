package io.throttled.jaxrs;

import io.throttled.cdi.Throttler;
import io.throttled.config.RouteRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** Builds the JAX-RS side's shared objects once per application; the CDI layer below knows nothing of JAX-RS. */
@ApplicationScoped
public class JaxrsProducers {

    @Produces
    @Singleton
    ResourceIndex resources() {
        return new ResourceIndex();
    }

    @Produces
    @Singleton
    Explainer explainer(Throttler throttler, RouteRegistry routes, ResourceIndex resources) {
        return new Explainer(throttler, routes, resources);
    }
}
