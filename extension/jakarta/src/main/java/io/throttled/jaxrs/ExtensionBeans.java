package io.throttled.jaxrs;

import io.throttled.cdi.CurrentCall;
import io.throttled.cdi.ThrottledExtension;
import io.throttled.cdi.Throttler;
import io.throttled.config.RouteRegistry;
import io.throttled.config.ThrottledSettings;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.CDI;

/**
 * The extension's CDI beans, looked up when first needed: JAX-RS providers are created by the JAX-RS
 * runtime, which need not inject them.
 */
final class ExtensionBeans {
    private final Lazy<Throttler> throttler = new Lazy<>(Throttler.class);
    private final Lazy<CurrentCall> current = new Lazy<>(CurrentCall.class);
    private final Lazy<ThrottledSettings> settings = new Lazy<>(ThrottledSettings.class);
    private final Lazy<RouteRegistry> routes = new Lazy<>(RouteRegistry.class);
    private final Lazy<ResourceIndex> resources = new Lazy<>(ResourceIndex.class);

    Throttler throttler() {
        return throttler.get();
    }

    CurrentCall current() {
        return current.get();
    }

    ThrottledSettings settings() {
        return settings.get();
    }

    RouteRegistry routes() {
        return routes.get();
    }

    ResourceIndex resources() {
        return resources.get();
    }

    /** Whether CDI manages {@code type}, so that the interceptor runs around its methods. */
    boolean isBean(Class<?> type) {
        BeanManager beans = CDI.current().getBeanManager();
        ThrottledExtension extension = beans.getExtension(ThrottledExtension.class);
        // what CDI announced: this library's bean manager does not see the application's classes on Payara
        return extension.isResourceBean(type) || !beans.getBeans(type).isEmpty();
    }

    /** One bean, looked up once; a race looks it up twice and keeps either: both are the same bean. */
    private static final class Lazy<T> {
        private final Class<T> type;
        private volatile T bean;

        Lazy(Class<T> type) {
            this.type = type;
        }

        T get() {
            T b = bean;
            if (b == null) {
                b = CDI.current().select(type).get();
                bean = b;
            }
            return b;
        }
    }
}
