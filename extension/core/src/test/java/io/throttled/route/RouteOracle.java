package io.throttled.route;

/** A route's methods by their definition, one route at a time: what the indexed table must agree with. */
final class RouteOracle {
    private RouteOracle() {
    }

    static boolean takesMethod(Route route, String method) {
        return route.methods().isEmpty() || route.methods().stream().anyMatch(allowed -> Route.admits(allowed, method));
    }
}
