package io.throttled.jaxrs;

import io.throttled.route.Route;
import io.throttled.route.RouteTable;
import jakarta.annotation.Priority;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;
import java.util.List;
import java.util.Optional;

/**
 * Runs for every request of the application, before JAX-RS picks a resource, and notes the route policies
 * the request matches. They are decided together with the method's own policy by {@link ThrottledRequestFilter};
 * a request no resource takes (404, 405: a scanner) has them decided by {@link RateLimitResponseFilter}. A
 * request that matches no route costs the table's lookup and nothing else.
 */
@Provider
@PreMatching
@Priority(Priorities.AUTHENTICATION + 100)
public class RouteMatchFilter implements ContainerRequestFilter {
    static final String ROUTES = "io.throttled.routes";
    private final ExtensionBeans beans = new ExtensionBeans();

    @Override
    public void filter(ContainerRequestContext request) {
        RouteTable table = beans.routes().table();
        if (table.size() == 0) {
            return;
        }
        List<Route> matched = table.match(request.getMethod(), path(request));
        if (!matched.isEmpty()) {
            request.setProperty(ROUTES, matched);
        }
    }

    /** The request's path under the context root, decoded: {@code /api/orders/7}. */
    private String path(ContainerRequestContext request) {
        Optional<HttpServletRequest> servlet = beans.current().request();
        if (servlet.isPresent()) {
            HttpServletRequest r = servlet.get();
            String info = r.getPathInfo();
            return r.getServletPath() + (info == null ? "" : info);
        }
        String base = request.getUriInfo().getBaseUri().getPath();
        return (base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + "/" + request.getUriInfo().getPath(true);
    }
}
