package io.throttled.admin;

import io.throttled.core.InvalidPolicyException;
import io.throttled.core.Violation;
import io.throttled.operator.RouteState;
import io.throttled.operator.Routes;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
    Routes routes;

    @Context
    SecurityContext security;

    @Context
    HttpHeaders headers;

    @GET
    @Operation(summary = "Every route policy: its match, its policy's settings, and where each came from")
    @APIResponse(responseCode = "200", description = "the routes, sorted by name")
    public Response routes() {
        OperatorGuard.require(security, headers);
        return AdminJson.ok(routes.all().stream().map(Views::route).toList());
    }

    @GET
    @Path("{name}")
    @Operation(summary = "One route policy")
    @APIResponse(responseCode = "200", description = "the route")
    @APIResponse(responseCode = "404", description = "no such route")
    public Response route(@PathParam("name") String name) {
        OperatorGuard.require(security, headers);
        return routes.find(name).map(route -> AdminJson.ok(Views.route(route)))
                .orElseGet(() -> AdminProblems.unknownRoute(name));
    }

    @PUT
    @Path("{name}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create or replace a route policy, on every node",
            description = "The body has the route's path (a template such as /api/orders/{id} or a glob such as"
                    + " /api/**, under the application's root), methods (optional), priority (optional) and the policy"
                    + " fields, failure-mode among them (rate is required for a new route). It replaces the previous"
                    + " runtime settings.")
    @RequestBody(description = "e.g. {\"path\": \"/api/login\", \"methods\": [\"POST\"], \"rate\": \"10/1m\", \"key\": \"ip\"}")
    @APIResponse(responseCode = "200", description = "the route as now in force")
    @APIResponse(responseCode = "400", description = "invalid input, every bad field named; nothing was stored")
    public Response putRoute(@PathParam("name") String name, String body) {
        OperatorGuard.require(security, headers);
        OverrideRequest request = OverrideRequest.parse(body, true);
        if (!request.violations().isEmpty()) {
            // what the body says cannot be checked further; the name can
            List<Violation> violations = new ArrayList<>(request.violations());
            violations.addAll(routes.nameViolations(name));
            return AdminProblems.invalid(name, violations);
        }
        Optional<RouteState> before = routes.find(name);
        try {
            return AdminProblems.whileStoreAnswers(() -> {
                RouteState after = routes.put(name, request.routeFields(), request.fields());
                AuditLog.record(OperatorGuard.who(security), "put-route", name,
                        before.map(AuditLog::describe).orElse("-"), AuditLog.describe(after));
                return AdminJson.ok(Views.route(after));
            });
        } catch (InvalidPolicyException e) {
            return AdminProblems.invalid(name, e.violations());
        }
    }

    @DELETE
    @Path("{name}")
    @Operation(summary = "Remove a route's runtime settings on every node: a route created at runtime is gone;"
            + " one defined in config holds again as config says")
    @APIResponse(responseCode = "200", description = "the route as now in force, or removed: true")
    @APIResponse(responseCode = "404", description = "no such route")
    public Response deleteRoute(@PathParam("name") String name) {
        OperatorGuard.require(security, headers);
        Optional<RouteState> before = routes.find(name);
        if (before.isEmpty()) {
            return AdminProblems.unknownRoute(name);
        }
        return AdminProblems.whileStoreAnswers(() -> {
            Optional<RouteState> after = routes.remove(name);
            AuditLog.record(OperatorGuard.who(security), "delete-route", name, AuditLog.describe(before.get()),
                    after.map(AuditLog::describe).orElse("removed"));
            return after.isEmpty() ? AdminJson.ok(Map.of("name", name, "removed", true))
                    : AdminJson.ok(Views.route(after.get()));
        });
    }
}
