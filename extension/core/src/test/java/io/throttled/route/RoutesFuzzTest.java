package io.throttled.route;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzzes route patterns (operator text) and request paths (client text) through the route table. Patterns
 * parse to a value or an {@link IllegalArgumentException} with a message; matching a path never throws, and
 * Jazzer's per-input timeout catches a match that does not end quickly. Input: UTF-8 text. See docs/fuzzing.md.
 *
 * <p>A {@code {name: regex}} template is the operator's own Java regex, run as written: its cost on a long
 * path is theirs to bound, so fuzzed patterns holding one are parsed but never matched; the table's own regex
 * routes are ones an operator would write.
 */
@Timeout(5)   // per input; while fuzzing, Jazzer hands it to libFuzzer as -timeout
class RoutesFuzzTest {
    private static final Route ALL = Route.of("all", "/**").withPriority(-10);
    private static final Route ADMIN = Route.of("admin", "/admin/**").withPriority(10);
    private static final List<Route> ROUTES = List.of(ALL, ADMIN,
            Route.of("orders", "/api/orders/{id}").withMethods("GET"),
            Route.of("orders-write", "/api/orders/**").withMethods("POST", "PUT").withPriority(5),
            Route.of("order-lines", "/api/orders/{id: \\d+}/lines"),
            Route.of("json", "/**/*.json"),
            Route.of("versioned", "/api/v{version}/*.csv"),
            Route.of("files", "/files/{path: .*}"),
            Route.of("export", "/api/**/export"),
            Route.of("glob", "/a*b*c*d*e/**"));
    private static final String[] PATHS = {"/", "/api/orders/7", "/api/orders/7/lines", "/api/v2/x.csv",
        "/admin;x=1/users", "/api/../admin/users", "/files/a/b", "/a/b/c/d/e/f.json"};

    /** Line 1 is a pattern; line 2, when given, the prefix for {@link RoutePattern#canMatchUnder}. */
    @FuzzTest(maxDuration = "60s")
    void pattern(byte[] input) {
        String[] lines = new String(input, UTF_8).split("\n", -1);
        RoutePattern pattern;
        try {
            pattern = RoutePattern.parse(lines[0]);
        } catch (IllegalArgumentException e) {
            assertThat(e).isExactlyInstanceOf(IllegalArgumentException.class);
            assertThat(e.getMessage()).isNotBlank();
            return;
        }
        assertThat(RoutePattern.parse(pattern.text())).isEqualTo(pattern);
        pattern.canMatchUnder(lines.length > 1 ? lines[1] : "/api");
        if (holdsRegex(pattern)) {
            return;
        }
        for (String path : PATHS) {
            pattern.matches(path);
        }
        String text = pattern.text();
        if (text.indexOf('*') < 0 && text.indexOf('{') < 0) {
            assertThat(pattern.matches(text)).as("plain text matches itself as a path").isTrue();
        }
    }

    /**
     * Line 1 is the method, line 2 the path; each further line a pattern for one more route (those that parse
     * and hold no regex template). The indexed table must answer what testing every route in turn answers.
     */
    @FuzzTest(maxDuration = "60s")
    void match(byte[] input) {
        String[] lines = new String(input, UTF_8).split("\n", -1);
        String method = lines[0];
        String path = lines.length > 1 ? lines[1] : "";
        List<Route> routes = new ArrayList<>(ROUTES);
        for (int i = 2; i < lines.length && i < 10; i++) {
            try {
                Route route = new Route("fuzzed-" + i, RoutePattern.parse(lines[i]), null, i % 3 - 1);
                if (!holdsRegex(route.pattern())) {
                    routes.add(route);
                }
            } catch (IllegalArgumentException notAPattern) {
                // the pattern target checks what the parser says; here only paths matter
            }
        }
        RouteTable table = RouteTable.of(routes);

        List<Route> matched = table.match(method, path);

        List<Route> expected = table.routes().stream()
                .filter(r -> RouteOracle.takesMethod(r, method) && r.pattern().matches(path)).toList();
        assertThat(matched).isEqualTo(expected);
        assertThat(matched).as("no path escapes the catch-all").contains(ALL);
        List<String> resolved = RequestPath.resolvedSegments(path);
        if (!resolved.isEmpty() && resolved.get(0).equals("admin")) {
            assertThat(matched).as("dot segments do not escape a route").contains(ADMIN);
        }
        for (String form : RequestPath.forms(path)) {
            assertThat(form.equals("/") || form.startsWith("/") && !form.endsWith("/") && !form.contains("//"))
                    .as("clean form '%s'", form).isTrue();
        }
    }

    /** Whether a {@code {name: regex}} may be in it; a colon may also be plain text, such patterns are only parsed too. */
    private static boolean holdsRegex(RoutePattern pattern) {
        return pattern.text().indexOf(':') >= 0;
    }
}
