package io.throttled.bench;

import io.throttled.route.Route;
import io.throttled.route.RouteTable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What finding the route policies of one request costs with 1,000 routes configured: 50 resources of 20 routes
 * each (templates, a regex template, globs, some limited to methods), 5 routes that start with a wildcard and so
 * are tested on every request, and, for the catch-all case, a {@code /**} route.
 *
 * <p>Alone, without installing the reactor: {@code mvn -B -q -pl benchmarks -am package dependency:build-classpath
 * -DskipTests -Dmdep.outputFile=target/classpath.txt}, then {@code java -cp "benchmarks/target/classes:$(cat
 * benchmarks/target/classpath.txt)" org.openjdk.jmh.Main RouteMatchBenchmark -f 3 -wi 5 -i 10 -w 1s -r 2s -prof gc}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RouteMatchBenchmark {
    /** no-match: a known resource, an unknown sub-path; one-route: one template; catch-all: only {@code /**}. */
    @Param({"no-match", "one-route", "catch-all"})
    public String request;

    private RouteTable table;
    private String path;

    @Setup
    public void setUp() {
        List<Route> routes = thousandRoutes();
        int expected = switch (request) {
            case "no-match" -> {
                path = "/resource7/17/unknown/x";
                yield 0;
            }
            case "one-route" -> {
                path = "/resource7/17/items";
                yield 1;
            }
            case "catch-all" -> {
                routes.set(routes.size() - 1, Route.of("everything", "/**")); // still 1,000 routes
                path = "/assets/img/logo.png";
                yield 1;
            }
            default -> throw new IllegalArgumentException("unknown request '" + request + "'");
        };
        table = RouteTable.of(routes);
        int matched = table.match("GET", path).size();
        if (table.size() != 1000 || matched != expected) {
            throw new IllegalStateException(request + ": " + table.size() + " routes, " + path + " matched " + matched
                    + " instead of " + expected);
        }
    }

    @Benchmark
    public List<Route> match() {
        return table.match("GET", path);
    }

    static List<Route> thousandRoutes() {
        List<Route> routes = new ArrayList<>();
        for (String wildcard : new String[] {"/*/health", "/*/metrics/**", "/**/*.bak", "/{tenant}/admin/**",
            "/*/internal/{name}"}) {
            routes.add(Route.of("w" + routes.size(), wildcard));
        }
        String[] shapes = {"", "/{id}", "/{id}/items", "/{id}/items/{item}", "/search", "/{id: \\d+}/history",
            "/*.csv", "/export/**", "/{id}/items/{item}/notes", "/{id}/owner", "/batch", "/{id}/status",
            "/{id}/tags/{tag}", "/v{version}/{id}", "/{id}/attachments/**", "/{id}/comments", "/{id}/comments/{c}",
            "/stats", "/{id}/audit"};
        for (int r = 0; routes.size() < 1000; r++) {
            for (int s = 0; s < shapes.length && routes.size() < 1000; s++) {
                Route route = Route.of("resource" + r + "-" + s, "/resource" + r + shapes[s]).withPriority(s % 3);
                routes.add(s % 4 == 1 ? route.withMethods("POST", "PUT", "DELETE") : route);
            }
        }
        return routes;
    }
}
