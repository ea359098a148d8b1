package io.throttled.route;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/** The routes a request matched so far; created at the first match, so a request that matches none allocates nothing. */
final class Matches {
    private static final List<Route> NONE = List.of();

    private Candidate[] found = new Candidate[4];
    private int size;

    /** Adds a candidate once (a path matched in several forms can meet a route twice). */
    static Matches add(Matches matches, Candidate candidate) {
        Matches into = matches == null ? new Matches() : matches;
        for (int i = 0; i < into.size; i++) {
            if (into.found[i] == candidate) {
                return into;
            }
        }
        if (into.size == into.found.length) {
            into.found = Arrays.copyOf(into.found, into.size * 2);
        }
        into.found[into.size++] = candidate;
        return into;
    }

    /** The routes in the table's order; few, so an insertion sort. */
    static List<Route> routes(Matches matches) {
        if (matches == null) {
            return NONE;
        }
        Candidate[] found = matches.found;
        if (matches.size == 1) {
            return List.of(found[0].route);
        }
        for (int i = 1; i < matches.size; i++) {
            Candidate c = found[i];
            int j = i - 1;
            while (j >= 0 && found[j].rank > c.rank) {
                found[j + 1] = found[j];
                j--;
            }
            found[j + 1] = c;
        }
        List<Route> routes = new ArrayList<>(matches.size);
        for (int i = 0; i < matches.size; i++) {
            routes.add(found[i].route);
        }
        return Collections.unmodifiableList(routes);
    }
}
