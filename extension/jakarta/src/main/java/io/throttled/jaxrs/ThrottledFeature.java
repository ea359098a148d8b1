package io.throttled.jaxrs;

import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.ext.Provider;

/**
 * Binds the request filter to every resource method: it decides the method's own {@code @Throttled} policy
 * (on the method or its class) and the route policies the request matched. Discovered by scanning; an
 * application that lists its classes in {@code Application.getClasses()} adds this class,
 * {@link RouteMatchFilter}, {@link RateLimitResponseFilter} and {@link ThrottledExceptionMapper} there.
 */
@Provider
public class ThrottledFeature implements DynamicFeature {
    private final ExtensionBeans beans = new ExtensionBeans();

    @Override
    public void configure(ResourceInfo resource, FeatureContext context) {
        if (resource.getResourceMethod() != null) {
            beans.resources().add(beans.routes().applicationPath(), resource.getResourceClass(), resource.getResourceMethod());
            context.register(new ThrottledRequestFilter(resource.getResourceMethod(), resource.getResourceClass(), beans));
        }
    }
}
