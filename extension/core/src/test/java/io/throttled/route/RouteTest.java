package io.throttled.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RouteTest {

    /** Whether the route table takes this request method for the route, on a path its pattern matches. */
    private static boolean takes(Route route, String method) {
        return !RouteTable.of(List.of(route)).match(method, "/api/orders").isEmpty();
    }

    @Test
    void methodsAreKeptUpperCaseAndEmptyMeansEvery() {
        Route route = Route.of("orders", "/api/orders").withMethods("post", "PUT", "Post");

        assertThat(route.methods()).containsExactly("POST", "PUT");
        assertThat(Route.of("all", "/api/**").methods()).isEmpty();
        assertThat(takes(Route.of("all", "/api/**"), "BREW")).isTrue();
    }

    @Test
    void aRequestMethodIsComparedIgnoringCase() {
        Route route = Route.of("orders", "/api/orders").withMethods("POST");

        assertThat(takes(route, "POST")).isTrue();
        assertThat(takes(route, "post")).isTrue();
        assertThat(takes(route, "GET")).isFalse();
        assertThat(takes(route, "POSTX")).isFalse();
    }

    @Test
    void aRouteThatListsGetTakesHeadAsJaxRsDoes() {
        Route reads = Route.of("orders", "/api/orders").withMethods("GET");
        assertThat(takes(reads, "HEAD")).isTrue();
        assertThat(takes(reads, "head")).isTrue();
        assertThat(takes(Route.of("heads", "/api/orders").withMethods("HEAD"), "GET")).isFalse();
        assertThat(takes(Route.of("writes", "/api/orders").withMethods("POST"), "HEAD")).isFalse();
        RouteTable table = RouteTable.of(List.of(reads));
        assertThat(table.match("HEAD", "/api/orders")).containsExactly(reads);
    }

    @Test
    void rejectsAMethodThatIsNoToken() {
        for (String bad : new String[] {"GET POST", "*", "GET;", "", "PÜT"}) {
            assertThatThrownBy(() -> Route.of("orders", "/api/orders").withMethods(bad))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("route 'orders': method '" + bad + "' is not an HTTP method token (letters, digits,"
                            + " '-' or '_', e.g. GET, POST, PATCH); leave methods empty for every method");
        }
        assertThat(Route.of("dav", "/dav/**").withMethods("VERSION-CONTROL").methods()).containsExactly("VERSION-CONTROL");
    }

    @Test
    void rejectsANameThatCouldNotNameAPolicy() {
        for (String bad : new String[] {"", "-x", "a b", "a:b", "a{b}", "x".repeat(129)}) {
            assertThatThrownBy(() -> Route.of(bad, "/api"))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("route name '" + bad + "' must be 1 to 128 letters, digits");
        }
        assertThatThrownBy(() -> new Route("r", null, Set.of(), 0)).hasMessage("route 'r' has no pattern");
    }

    @Test
    void withersKeepTheOtherFields() {
        Route route = Route.of("orders", "/api/orders/{id}").withMethods("GET").withPriority(7);

        assertThat(route).isEqualTo(new Route("orders", RoutePattern.parse("/api/orders/{id}"), Set.of("GET"), 7));
    }
}
