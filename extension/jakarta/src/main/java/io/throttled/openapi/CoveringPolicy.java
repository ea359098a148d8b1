package io.throttled.openapi;

import io.throttled.config.ResolvedPolicy;
import io.throttled.route.Route;

/**
 * A policy that may decide requests to a documented operation: a route's ({@code route} set) or the resource
 * method's own, as in force when the document was built.
 */
record CoveringPolicy(ResolvedPolicy policy, Route route) {
    static final String ROUTE = "route";
    static final String ANNOTATION = "annotation";

    /** {@code route} or {@code annotation}, as the admin API's explain endpoint says. */
    String source() {
        return route == null ? ANNOTATION : ROUTE;
    }

    /** Whether it may refuse a call: enforced, by itself or by one of its tiers (shadow policies only report). */
    boolean mayRefuse() {
        return policy.policy().enforce() && !policy.rules().unlimited()
                || policy.tiers().values().stream().anyMatch(t -> t.policy().enforce() && !t.rules().unlimited());
    }
}
