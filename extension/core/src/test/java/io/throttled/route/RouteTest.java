package io.throttled.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;

class RouteTest {

    @Test
    void methodsAreKeptUpperCaseAndEmptyMeansEvery() {
        Route route = Route.of("orders", "/api/orders").withMethods("post", "PUT", "Post");

        assertThat(route.methods()).containsExactly("POST", "PUT");
        assertThat(Route.of("all", "/api/**").methods()).isEmpty();
        assertThat(Route.of("all", "/api/**").allowsMethod("BREW")).isTrue();
    }

    @Test
    void aRequestMethodIsComparedIgnoringCase() {
        Route route = Route.of("orders", "/api/orders").withMethods("POST");

        assertThat(route.allowsMethod("POST")).isTrue();
        assertThat(route.allowsMethod("post")).isTrue();
        assertThat(route.allowsMethod("GET")).isFalse();
        assertThat(route.allowsMethod("POSTX")).isFalse();
    }

    @Test
    void aRouteThatListsGetTakesHeadAsJaxRsDoes() {
        Route reads = Route.of("orders", "/api/orders").withMethods("GET");
        assertThat(reads.allowsMethod("HEAD")).isTrue();
        assertThat(reads.allowsMethod("head")).isTrue();
        assertThat(Route.of("heads", "/api/orders").withMethods("HEAD").allowsMethod("GET")).isFalse();
        assertThat(Route.of("writes", "/api/orders").withMethods("POST").allowsMethod("HEAD")).isFalse();
        RouteTable table = RouteTable.of(java.util.List.of(reads));
        assertThat(table.match("HEAD", "/api/orders")).containsExactly(reads);
    }

    @Test
    void parsesAConfiguredMethodList() {
        assertThat(Route.parseMethods(" post, PUT ,,patch ")).containsExactly("post", "PUT", "patch");
        assertThat(Route.parseMethods("")).isEmpty();
        assertThat(Route.parseMethods(null)).isEmpty();
        assertThat(new Route("r", RoutePattern.parse("/"), Route.parseMethods("post, put"), 0).methods())
                .containsExactly("POST", "PUT");
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
