package io.throttled.jaxrs;

import io.throttled.cdi.CurrentCall;
import io.throttled.cdi.Throttler;
import io.throttled.config.RouteRegistry;
import io.throttled.config.ThrottledSettings;
import jakarta.enterprise.inject.spi.CDI;

/**
 * The extension's CDI beans, looked up when first needed: JAX-RS providers are created by the JAX-RS
 * runtime, which need not inject them.
 */
final class ExtensionBeans {
    private volatile Throttler throttler;
    private volatile CurrentCall current;
    private volatile ThrottledSettings settings;
    private volatile RouteRegistry routes;

    private volatile ResourceIndex resources;

    ResourceIndex resources() {
        ResourceIndex r = resources;
        if (r == null) {
            r = CDI.current().select(ResourceIndex.class).get();
            resources = r;
        }
        return r;
    }

    RouteRegistry routes() {
        RouteRegistry r = routes;
        if (r == null) {
            r = CDI.current().select(RouteRegistry.class).get();
            routes = r;
        }
        return r;
    }

    Throttler throttler() {
        Throttler t = throttler;
        if (t == null) {
            t = CDI.current().select(Throttler.class).get();
            throttler = t;
        }
        return t;
    }

    CurrentCall current() {
        CurrentCall c = current;
        if (c == null) {
            c = CDI.current().select(CurrentCall.class).get();
            current = c;
        }
        return c;
    }

    ThrottledSettings settings() {
        ThrottledSettings s = settings;
        if (s == null) {
            s = CDI.current().select(ThrottledSettings.class).get();
            settings = s;
        }
        return s;
    }
}
