package io.throttled.jaxrs;

import io.throttled.cdi.PlannedCheck;
import io.throttled.cdi.Throttler;
import io.throttled.config.PolicyDeclaration;
import io.throttled.config.RouteRegistry;
import io.throttled.key.CallContext;
import java.util.List;
import java.util.Optional;

/**
 * Answers which policies, tiers and keys a request would meet, with the same planning the filters use and
 * without consuming anything: the routes its method and path match, then the policy of the resource method
 * it reaches.
 */
public final class Explainer {
    private final Throttler throttler;
    private final RouteRegistry routes;
    private final ResourceIndex resources;

    public Explainer(Throttler throttler, RouteRegistry routes, ResourceIndex resources) {
        this.throttler = throttler;
        this.routes = routes;
        this.resources = resources;
    }

    /** What the request would meet; {@code call} is the caller as the filter would see it. */
    public Explanation explain(String httpMethod, String path, CallContext call) {
        Optional<ResourceIndex.Entry> resource = resources.find(httpMethod, path);
        PolicyDeclaration annotated = resource.flatMap(r -> throttler.policies().declarationFor(r.method(), r.resourceClass()))
                .orElse(null);
        List<PlannedCheck> checks = RequestThrottling.plan(throttler, routes.table().match(httpMethod, path), annotated, call);
        return new Explanation(resource.map(r -> r.resourceClass().getName() + "#" + r.method().getName()).orElse(null),
                resource.map(ResourceIndex.Entry::template).orElse(null), checks);
    }

    /** The resource method reached (null when none: a 404 or 405), its template, and the checks in order. */
    public record Explanation(String resourceMethod, String template, List<PlannedCheck> checks) {
    }
}
