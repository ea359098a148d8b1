package io.throttled.admin;

import io.throttled.operator.CallExplainer;
import io.throttled.operator.Caller;
import io.throttled.operator.Fallbacks;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * What the limiter decides: {@code throttled/explain}, which policies a request would meet (consuming nothing), and
 * {@code throttled/stats}, what this node decided since it started and whether it decides without Redis now.
 */
@Path("throttled")
@RequestScoped
@RolesAllowed(OperatorGuard.ROLE)
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "throttled", description = "Inspect and change rate limits at runtime, inspect and reset buckets")
@SecurityRequirement(name = "throttled-basic")
public class DecisionsResource {

    @Inject
    DecisionCounts counts;

    @Inject
    CallExplainer explainer;

    @Inject
    Fallbacks fallbacks;

    @Context
    SecurityContext security;

    @Context
    HttpHeaders headers;

    @GET
    @Path("explain")
    @Operation(summary = "Which policies, tiers and keys a request would meet, consuming nothing",
            description = "Routes matched by method and path, then the policy of the resource method the path reaches;"
                    + " for each the caller's tier, the key, and whether an exemption applies. address is the socket"
                    + " peer's address (trusted proxies and forwarded headers are applied as for a request);"
                    + " header=Name: value, claim=name=value, param=name=value (the request's query parameters) and role"
                    + " are repeatable.")
    @APIResponse(responseCode = "200", description = "the explanation")
    @APIResponse(responseCode = "400", description = "method or path missing or malformed")
    public Response explain(@QueryParam("method") @DefaultValue("GET") String method, @QueryParam("path") String path,
                            @QueryParam("user") String user, @QueryParam("role") List<String> roles,
                            @QueryParam("address") String address, @QueryParam("header") List<String> headers,
                            @QueryParam("claim") List<String> claims, @QueryParam("param") List<String> params) {
        OperatorGuard.require(security, this.headers);
        if (path == null || !path.startsWith("/")) {
            return AdminProblems.badRequest("path='" + path + "' must be the request path under the context root,"
                    + " starting with / (e.g. /api/demo/ping)");
        }
        Caller caller;
        try {
            caller = ExplainQuery.caller(user, roles, address, headers, claims, params);
        } catch (IllegalArgumentException e) {
            return AdminProblems.badRequest(e.getMessage());
        }
        return AdminJson.ok(Views.explain(explainer.explain(method, path, caller)));
    }

    @GET
    @Path("stats")
    @Operation(summary = "This node's decision counts since it started, by policy and outcome, and its decisions"
            + " without Redis",
            description = "policies: policy name to outcome (allowed, denied, shadow_denied, decided_without_redis) to"
                    + " count. redis_fallback: redis_configured; running, the episode of decisions without Redis running"
                    + " now, or null; last, the last one that ended, or null (each: started_at in ISO-8601 UTC,"
                    + " duration_millis, policy and first_cause of its first call, decided: calls by failure mode local,"
                    + " open, closed); episodes since start; decided_without_redis: calls since start by cause (timeout,"
                    + " connection, breaker_open); uncharged_keys: keys whose local admissions Redis has not been"
                    + " charged yet.")
    @APIResponse(responseCode = "200", description = "counts and the fallback state")
    public Response stats() {
        OperatorGuard.require(security, headers);
        Map<String, Object> stats = new LinkedHashMap<>();
        stats.put("policies", counts.snapshot());
        stats.put("redis_fallback", Views.fallback(fallbacks.state()));
        return AdminJson.ok(stats);
    }
}
