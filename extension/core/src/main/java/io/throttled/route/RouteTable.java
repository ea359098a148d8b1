package io.throttled.route;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The routes in force, compiled for matching: {@link #match} returns every route that applies to a request.
 *
 * <p>Routes are indexed in a tree by their leading segments that are text or match any one segment
 * ({@code /api/orders/{id}/lines} under {@code api, orders, *, lines}), up to the first other kind
 * ({@code *.json}, {@code **}, a regex). A request walks the tree by its own segments and tests only the routes
 * at the nodes it reaches, and among those it skips the ones that need another number of segments; so the
 * cost depends on the routes that share a request's path, not on how many routes there are. A request that
 * matches none allocates nothing. Immutable and thread-safe: build a new table when the routes change.
 */
public final class RouteTable {
    /** Priority, highest first, then name: the order of {@link #routes()} and of every {@link #match} answer. */
    public static final Comparator<Route> ORDER =
            Comparator.comparingInt(Route::priority).reversed().thenComparing(Route::name);
    private static final RouteTable EMPTY = new RouteTable(List.of());

    private final List<Route> routes;
    private final TrieNode index;

    private RouteTable(List<Route> ordered) {
        this.routes = List.copyOf(ordered);
        List<Candidate> candidates = new ArrayList<>(ordered.size());
        for (int rank = 0; rank < ordered.size(); rank++) {
            candidates.add(new Candidate(ordered.get(rank), rank));
        }
        this.index = TrieNode.of(candidates);
    }

    /**
     * Compiles routes into a table.
     *
     * @throws IllegalArgumentException when two routes have one name
     */
    public static RouteTable of(Collection<Route> routes) {
        List<Route> ordered = new ArrayList<>(routes);
        Set<String> names = new HashSet<>();
        for (Route route : ordered) {
            if (!names.add(route.name())) {
                throw new IllegalArgumentException("route name '" + route.name() + "' is used by more than one route");
            }
        }
        ordered.sort(ORDER);
        return new RouteTable(ordered);
    }

    public static RouteTable empty() {
        return EMPTY;
    }

    /**
     * Every route whose pattern matches the path (see {@link RoutePattern} for the normalisation) and whose
     * methods include the method (case ignored), in {@link #ORDER}. An unmodifiable list; the same empty
     * list, with nothing allocated, when no route matches a clean path.
     *
     * @param method the request's HTTP method
     * @param path the request path under the application's context root, percent-decoded
     */
    public List<Route> match(String method, String path) {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        int slashes = RequestPath.plainSlashes(path);
        if (slashes >= 0) {
            return Matches.routes(index.collect(method, path, slashes, null));
        }
        Matches found = null;
        for (String form : RequestPath.forms(path)) {
            found = index.collect(method, form, RequestPath.slashes(form), found);
        }
        return Matches.routes(found);
    }

    /** The routes, in {@link #ORDER}. */
    public List<Route> routes() {
        return routes;
    }

    public int size() {
        return routes.size();
    }

    @Override
    public String toString() {
        return "RouteTable" + routes;
    }
}
