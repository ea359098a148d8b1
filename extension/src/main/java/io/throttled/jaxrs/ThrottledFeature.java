package io.throttled.jaxrs;

import io.throttled.config.AnnotatedPolicies;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.ext.Provider;

/**
 * Binds the request filter to each resource method that carries {@code @Throttled}, or whose class does.
 * Discovered by scanning; an application that lists its classes in {@code Application.getClasses()}
 * adds this class, {@link RateLimitResponseFilter} and {@link ThrottledExceptionMapper} there.
 */
@Provider
public class ThrottledFeature implements DynamicFeature {
    private final ExtensionBeans beans = new ExtensionBeans();

    @Override
    public void configure(ResourceInfo resource, FeatureContext context) {
        if (resource.getResourceMethod() != null
                && AnnotatedPolicies.find(resource.getResourceMethod(), resource.getResourceClass()) != null) {
            context.register(new ThrottledRequestFilter(resource.getResourceMethod(), resource.getResourceClass(), beans));
        }
    }
}
