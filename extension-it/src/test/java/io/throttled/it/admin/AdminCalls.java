package io.throttled.it.admin;

import io.throttled.it.ClientHttp;
import io.throttled.it.Deployments;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/** Every admin method once, each with a body that would change something if it were accepted. */
record AdminCalls(String method, String path, String body) {
    static final List<AdminCalls> ALL = List.of(
            new AdminCalls("GET", "api/throttled/policies", null),
            new AdminCalls("GET", "api/throttled/policies/orders", null),
            new AdminCalls("PUT", "api/throttled/policies/orders", "{\"rate\":\"1000/1s\"}"),
            new AdminCalls("DELETE", "api/throttled/policies/orders", null),
            new AdminCalls("GET", "api/throttled/buckets/orders", null),
            new AdminCalls("GET", "api/throttled/buckets/orders/127.0.0.1", null),
            new AdminCalls("DELETE", "api/throttled/buckets/orders/127.0.0.1", null),
            new AdminCalls("DELETE", "api/throttled/buckets/orders", null),
            new AdminCalls("GET", "api/throttled/routes", null),
            new AdminCalls("GET", "api/throttled/routes/open", null),
            new AdminCalls("PUT", "api/throttled/routes/open", "{\"path\":\"/api/orders\",\"rate\":\"1000/1s\"}"),
            new AdminCalls("DELETE", "api/throttled/routes/open", null),
            new AdminCalls("GET", "api/throttled/explain?path=/api/orders", null),
            new AdminCalls("GET", "api/throttled/stats", null));

    /**
     * A WAR with the admin API and the policies the calls name: orders (2 a minute per address), partner (keyed by
     * an API key), a route.
     */
    static WebArchive war(String name, String... configLines) {
        String[] lines = Stream.concat(Stream.of("throttled.policy.orders.rate=2/1m", "throttled.policy.orders.key=ip",
                "throttled.policy.partner.rate=5/1m", "throttled.policy.partner.key=header:X-Api-Key",
                "throttled.route.open.path=/api/open", "throttled.route.open.rate=5/1m"), Arrays.stream(configLines))
                .toArray(String[]::new);
        return Deployments.withAdminApi(Deployments.war(name, lines)).addClasses(AdminApplication.class, OrdersResource.class);
    }

    ClientHttp send(URL base, String user, String password) {
        Map<String, String> headers = user == null ? Map.of("Content-Type", "application/json")
                : Map.of("Content-Type", "application/json", "Authorization", "Basic " + Base64.getEncoder()
                        .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
        return ClientHttp.send(method, ClientHttp.resolve(base, path), headers, body);
    }

    @Override
    public String toString() {
        return method + " " + path;
    }
}
