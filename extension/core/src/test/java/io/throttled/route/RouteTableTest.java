package io.throttled.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RouteTableTest {
    private final Route orders = Route.of("orders", "/api/orders/{id}");
    private final Route ordersWrite = Route.of("orders-write", "/api/orders/**").withMethods("POST", "PUT").withPriority(10);
    private final Route api = Route.of("api", "/api/**").withPriority(-1);
    private final Route json = Route.of("json", "/**/*.json");
    private final Route admin = Route.of("admin", "/admin/**").withPriority(10);
    private final RouteTable table = RouteTable.of(List.of(orders, ordersWrite, api, json, admin));

    @Test
    void returnsEveryMatchingRouteByPriorityThenName() {
        assertThat(table.match("GET", "/api/orders/7")).containsExactly(orders, api);
        assertThat(table.match("POST", "/api/orders/7")).containsExactly(ordersWrite, orders, api);
        assertThat(table.match("POST", "/api/orders/7.json")).containsExactly(ordersWrite, json, orders, api);
        assertThat(table.routes()).containsExactly(admin, ordersWrite, json, orders, api);
    }

    @Test
    void tiesOnPriorityGoByName() {
        Route b = Route.of("b", "/x/**");
        Route a = Route.of("a", "/x/{id}");
        Route c = Route.of("c", "/**");

        assertThat(RouteTable.of(List.of(c, b, a)).match("GET", "/x/1")).containsExactly(a, b, c);
    }

    @Test
    void filtersByMethodIgnoringTheRequestMethodsCase() {
        assertThat(table.match("put", "/api/orders/7")).containsExactly(ordersWrite, orders, api);
        assertThat(table.match("DELETE", "/api/orders")).containsExactly(api);
    }

    @Test
    void aPathThatMatchesNothingGetsTheSameEmptyList() {
        List<Route> none = table.match("GET", "/static/site.css");

        assertThat(none).isEmpty();
        assertThat(table.match("GET", "/Api/orders/7")).isSameAs(none);
        assertThat(RouteTable.empty().match("GET", "/api")).isSameAs(none);
    }

    @Test
    void answersAreUnmodifiable() {
        assertThat(table.match("POST", "/api/orders/7")).isUnmodifiable();
        assertThat(table.match("GET", "/admin")).isUnmodifiable();
    }

    @Test
    void normalisesThePathLikeAPattern() {
        assertThat(table.match("GET", "/api/orders/7/")).containsExactly(orders, api);
        assertThat(table.match("GET", "//api//orders/7")).containsExactly(orders, api);
        assertThat(table.match("GET", "api/orders/7")).containsExactly(orders, api);
        assertThat(table.match("GET", "")).isEmpty();
    }

    @Test
    void aDotSegmentOrParameterCannotEscapeARouteAndARouteMatchedTwiceIsListedOnce() {
        assertThat(table.match("GET", "/api/../admin/users")).containsExactly(admin, api);
        assertThat(table.match("GET", "/admin;x=1/users")).containsExactly(admin);
        assertThat(table.match("GET", "/api/./orders/7")).containsExactly(orders, api);
        assertThat(table.match("GET", "/api/orders;v=2/7")).containsExactly(orders, api);
    }

    @Test
    void rejectsTwoRoutesWithOneName() {
        assertThatThrownBy(() -> RouteTable.of(List.of(orders, Route.of("orders", "/other"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("route name 'orders' is used by more than one route");
    }

    @Test
    void segmentsWithOneHashCodeAreStillTold() {
        Route aa = Route.of("aa", "/Aa/x");
        Route bb = Route.of("bb", "/BB/x");
        RouteTable collide = RouteTable.of(List.of(aa, bb));

        assertThat("Aa".hashCode()).isEqualTo("BB".hashCode());
        assertThat(collide.match("GET", "/Aa/x")).containsExactly(aa);
        assertThat(collide.match("GET", "/BB/x")).containsExactly(bb);
        assertThat(collide.match("GET", "/C#/x")).isEmpty();
    }

    @Test
    void findsTheRightRoutesAmongAThousand() {
        List<Route> routes = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            routes.add(Route.of("r" + i, "/s" + (i % 50) + "/items" + i + "/{id}"));
        }
        routes.add(Route.of("wild", "/*/items7/{id}"));
        RouteTable big = RouteTable.of(routes);

        assertThat(big.match("GET", "/s7/items7/1")).extracting(Route::name).containsExactly("r7", "wild");
        assertThat(big.match("GET", "/s8/items7/1")).extracting(Route::name).containsExactly("wild");
        assertThat(big.match("GET", "/s7/items8/1")).isEmpty();
        assertThat(big.match("GET", "/s49/items999/x")).extracting(Route::name).containsExactly("r999");
    }

    @Test
    void aRequestThatMatchesNothingAllocatesNothing() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        List<Route> routes = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            routes.add(Route.of("r" + i, "/s" + (i % 50) + "/items" + i + "/{id}").withMethods("GET"));
        }
        routes.add(Route.of("wild", "/*/health"));
        RouteTable big = RouteTable.of(routes);
        String[] paths = {"/s7/items8/1", "/nothing/here", "/s7/items7/1/2", "/s7/health/x"};
        for (int i = 0; i < 10_000; i++) { // let the JIT settle first
            big.match("GET", paths[i & 3]);
        }

        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 10_000; i++) {
            big.match("GET", paths[i & 3]);
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        assertThat(allocated).as("bytes allocated by 10,000 unmatched requests").isLessThan(10_000);
    }
}
