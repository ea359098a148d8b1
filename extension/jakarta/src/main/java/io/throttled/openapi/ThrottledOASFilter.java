package io.throttled.openapi;

import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;

/**
 * Documents the rate limits in the application's OpenAPI document: on every operation a policy covers, the
 * policies ({@code x-throttled-policies}), the 429 response with its problem+json body and headers, and the
 * rate-limit headers of its successful responses.
 *
 * <p>{@link FilterDefault} makes it the application's {@code mp.openapi.filter} unless the application names a
 * filter of its own; such a filter calls this one from its {@code filterOpenAPI}:
 * {@code new ThrottledOASFilter().filterOpenAPI(openAPI)}. Only loaded by a MicroProfile OpenAPI
 * implementation: nothing else in the extension refers to this package.
 */
public class ThrottledOASFilter implements OASFilter {
    private static final System.Logger LOG = System.getLogger(ThrottledOASFilter.class.getName());

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        try {
            ApplicationLimits.of(ThrottledOASFilter.class.getClassLoader()).ifPresent(limits -> limits.applyTo(openAPI));
        } catch (RuntimeException e) {
            // the application's document must not be lost for want of ours
            LOG.log(System.Logger.Level.ERROR, "throttled: the rate limits could not be added to the OpenAPI document", e);
        }
    }
}
