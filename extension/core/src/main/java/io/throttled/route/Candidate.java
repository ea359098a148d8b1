package io.throttled.route;

/** A route as the table tests it: its place in the table's order, and its methods as an array (no iterator). */
final class Candidate {
    final Route route;
    final int rank;
    private final String[] methods;

    Candidate(Route route, int rank) {
        this.route = route;
        this.rank = rank;
        this.methods = route.methods().toArray(new String[0]);
    }

    /**
     * Whether the route applies to a clean path that has {@code slashes} '/' and whose segments from
     * {@code rest} on are still to be compared (the index has matched the pattern's text prefix).
     */
    boolean matches(String method, String cleanPath, int slashes, int rest) {
        RoutePattern pattern = route.pattern();
        return pattern.admitsSlashes(slashes) && allows(method) && pattern.matchesCleanAfterPrefix(cleanPath, rest);
    }

    private boolean allows(String method) {
        if (methods.length == 0) {
            return true;
        }
        for (String allowed : methods) {
            if (Route.admits(allowed, method)) {
                return true;
            }
        }
        return false;
    }
}
