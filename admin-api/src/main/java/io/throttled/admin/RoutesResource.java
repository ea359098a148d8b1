package io.throttled.admin;

import io.throttled.admin.Views.RouteView;
import io.throttled.cdi.OverrideSync;
import io.throttled.cdi.Throttler;
import io.throttled.config.ConfiguredRoutes;
import io.throttled.config.FieldSource;
import io.throttled.config.PolicyField;
import io.throttled.config.RouteField;
import io.throttled.config.RouteRegistry;
import io.throttled.config.RouteSettings;
import io.throttled.config.ThrottledSettings;
import io.throttled.core.InvalidPolicyException;
import io.throttled.core.Violation;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code throttled/routes}: the route policies (a match by method and path, and a policy of the route's name),
 * and their runtime settings: create or replace a route on every node, remove what runtime set.
 */
@Path("throttled/routes")
@RequestScoped
@RolesAllowed(OperatorGuard.ROLE)
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "throttled", description = "Inspect and change rate limits at runtime, inspect and reset buckets")
@SecurityRequirement(name = "throttled-basic")
public class RoutesResource {

    @Inject
    Throttler throttler;

    @Inject
    OverrideSync overrides;

    @Inject
    ThrottledSettings settings;

    @Inject
    RouteRegistry routes;

    @Context
    SecurityContext security;

    @Context
    HttpHeaders headers;

    @GET
    @Operation(summary = "Every route policy: its match, its policy's settings, and where each came from")
    @APIResponse(responseCode = "200", description = "the routes, sorted by name")
    public Response routes() {
        OperatorGuard.require(security, headers);
        return AdminJson.ok(routes.settings().values().stream()
                .map(this::routeView)
                .toList());
    }

    @GET
    @Path("{name}")
    @Operation(summary = "One route policy")
    @APIResponse(responseCode = "200", description = "the route")
    @APIResponse(responseCode = "404", description = "no such route")
    public Response route(@PathParam("name") String name) {
        OperatorGuard.require(security, headers);
        RouteSettings route = routes.settings().get(name);
        if (route == null) {
            return AdminProblems.unknownRoute(name);
        }
        return AdminJson.ok(routeView(route));
    }

    @PUT
    @Path("{name}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create or replace a route policy, on every node",
            description = "The body has the route's path (a template such as /api/orders/{id} or a glob such as"
                    + " /api/**, under the application's root), methods (optional), priority (optional) and the policy"
                    + " fields (rate is required for a new route). It replaces the previous runtime settings.")
    @RequestBody(description = "e.g. {\"path\": \"/api/login\", \"methods\": [\"POST\"], \"rate\": \"10/1m\", \"key\": \"ip\"}")
    @APIResponse(responseCode = "200", description = "the route as now in force")
    @APIResponse(responseCode = "400", description = "invalid input, every bad field named; nothing was stored")
    public Response putRoute(@PathParam("name") String name, String body) {
        OperatorGuard.require(security, headers);
        OverrideRequest request = OverrideRequest.parse(body, true);
        List<Violation> violations = new ArrayList<>(request.violations());
        if (!ConfiguredRoutes.NAME.matcher(name).matches()) {
            violations.add(new Violation("name", name, "a route name is letters, digits, _ $ - (no dots), at most 64"));
        } else if (throttler.policies().isPolicyName(name)) {
            violations.add(new Violation("name", name, "is the name of a policy; a route is a policy of its own: choose another"));
        }
        if (violations.isEmpty()) {
            RouteSettings proposed = RouteSettings.read(name, key -> proposedValue(request, name, key));
            try {
                proposed.toRoute(routes.applicationPath());
            } catch (InvalidPolicyException e) {
                violations.addAll(e.violations());
            }
            try {
                throttler.policies().previewRoute(name, request.fields());
            } catch (InvalidPolicyException e) {
                violations.addAll(e.violations());
            }
            if (!request.fields().containsKey(PolicyField.RATE) && !routes.settings().containsKey(name)) {
                violations.add(new Violation("rate", "", "is required for a new route"));
            }
        }
        if (!violations.isEmpty()) {
            return AdminProblems.invalid(name, violations);
        }
        Map<String, String> set = new LinkedHashMap<>();
        request.routeFields().forEach((field, value) -> set.put(ConfiguredRoutes.key(name, field), value));
        request.fields().forEach((field, value) -> set.put(ConfiguredRoutes.key(name, field), value));
        RouteSettings before = routes.settings().get(name);
        return AdminProblems.whileStoreAnswers(settings, () -> {
            overrides.store().replaceKeys(routeKeys(name), set);
            overrides.reload();
            RouteSettings after = routes.settings().get(name);
            AuditLog.record(OperatorGuard.who(security), "put-route", name, before == null ? "-" : describe(before),
                    describe(after));
            return AdminJson.ok(routeView(after));
        });
    }

    @DELETE
    @Path("{name}")
    @Operation(summary = "Remove a route's runtime settings on every node: a route created at runtime is gone;"
            + " one defined in config holds again as config says")
    @APIResponse(responseCode = "200", description = "the route as now in force, or removed: true")
    @APIResponse(responseCode = "404", description = "no such route")
    public Response deleteRoute(@PathParam("name") String name) {
        OperatorGuard.require(security, headers);
        RouteSettings before = routes.settings().get(name);
        if (before == null) {
            return AdminProblems.unknownRoute(name);
        }
        return AdminProblems.whileStoreAnswers(settings, () -> {
            overrides.store().replaceKeys(routeKeys(name), Map.of());
            overrides.reload();
            RouteSettings after = routes.settings().get(name);
            AuditLog.record(OperatorGuard.who(security), "delete-route", name, describe(before),
                    after == null ? "removed" : describe(after));
            return after == null ? AdminJson.ok(Map.of("name", name, "removed", true))
                    : AdminJson.ok(routeView(after));
        });
    }

    /** A route with its policy as in force now. */
    private RouteView routeView(RouteSettings route) {
        return Views.route(route, throttler.policies().resolve(throttler.policies().routeDeclaration(route.name())));
    }

    /** Every runtime key of a route: its own and its policy's fields (tiers are policies of their own). */
    private static List<String> routeKeys(String name) {
        List<String> keys = new ArrayList<>();
        for (RouteField f : RouteField.values()) {
            keys.add(ConfiguredRoutes.key(name, f));
        }
        for (PolicyField f : PolicyField.values()) {
            keys.add(ConfiguredRoutes.key(name, f));
        }
        return keys;
    }

    /** A route key's value if the request is stored: the body's, else config's without the runtime overrides. */
    private String[] proposedValue(OverrideRequest request, String name, String key) {
        for (RouteField f : RouteField.values()) {
            if (key.equals(ConfiguredRoutes.key(name, f)) && request.routeFields().containsKey(f)) {
                return new String[] {request.routeFields().get(f), FieldSource.OVERRIDES_SOURCE_NAME};
            }
        }
        return FieldSource.outsideOverrides(throttler.policies().config(), key);
    }

    private static String describe(RouteSettings route) {
        return route.value(RouteField.PATH) + (route.value(RouteField.METHODS).isEmpty() ? "" : " " + route.value(RouteField.METHODS))
                + " priority " + route.value(RouteField.PRIORITY);
    }
}
