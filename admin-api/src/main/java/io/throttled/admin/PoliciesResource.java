package io.throttled.admin;

import io.throttled.core.InvalidPolicyException;
import io.throttled.core.Violation;
import io.throttled.operator.Policies;
import io.throttled.operator.PolicyState;
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
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code throttled/policies}: every policy with its effective settings and their sources, and its runtime override
 * (set, replace, drop; a tier is the policy {@code <policy>.tier.<tier>}).
 */
@Path("throttled/policies")
@RequestScoped
@RolesAllowed(OperatorGuard.ROLE)
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "throttled", description = "Inspect and change rate limits at runtime, inspect and reset buckets")
// declared once for the whole admin API; every resource requires it
@SecurityScheme(securitySchemeName = "throttled-basic", type = SecuritySchemeType.HTTP, scheme = "basic")
@SecurityRequirement(name = "throttled-basic")
public class PoliciesResource {

    @Inject
    Policies policies;

    @Context
    SecurityContext security;

    @Context
    HttpHeaders headers;

    @GET
    @Operation(summary = "Every policy with its effective settings, and where each setting came from",
            description = "failureMode is what decides a policy's calls when Redis cannot: its own failure-mode, or"
                    + " else throttled.redis.failure-mode (its failure-mode setting then has source default).")
    @APIResponse(responseCode = "200", description = "the policies, sorted by name")
    public Response policies() {
        OperatorGuard.require(security, headers);
        return AdminJson.ok(policies.all().stream().map(Views::of).toList());
    }

    @GET
    @Path("{name}")
    @Operation(summary = "One policy with its effective settings and their sources")
    @APIResponse(responseCode = "200", description = "the policy")
    @APIResponse(responseCode = "404", description = "no such policy")
    public Response policy(@PathParam("name") String name) {
        OperatorGuard.require(security, headers);
        return policies.find(name).map(p -> AdminJson.ok(Views.of(p)))
                .orElseGet(() -> AdminProblems.unknownPolicy(name));
    }

    @PUT
    @Path("{name}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Set the runtime override of a policy, on every node",
            description = "The body names the fields to override, in the config vocabulary: algorithm, rate,"
                    + " refill, key, max-wait, lease, lease-lifetime (strings as in config), burst, cost, max-waiters"
                    + " (numbers), enforce (boolean), failure-mode (\"open\", \"closed\" or \"local\": what decides"
                    + " the policy's calls when Redis cannot; left out, throttled.redis.failure-mode), and the call"
                    + " rules count, exempt, tier-by, tiers, penalty (strings)."
                    + " Fields left out follow config and the annotation. It replaces the previous override."
                    + " A tier is the policy <policy>.tier.<tier>; it takes only the fields of its buckets (not"
                    + " failure-mode nor the call rules, which are its policy's), and the"
                    + " first override of a tier nothing defines yet creates it. Every bad field is named in the 400"
                    + " answer, with the value and what is allowed.")
    @RequestBody(description = "e.g. {\"rate\": \"20/1s\", \"algorithm\": \"gcra\"}")
    @APIResponse(responseCode = "200", description = "the policy as now in force")
    @APIResponse(responseCode = "400", description = "invalid input, every bad field named; nothing was stored")
    @APIResponse(responseCode = "404", description = "no such policy, nor a new tier <policy>.tier.<tier> of one")
    public Response override(@PathParam("name") String name, String body) {
        OperatorGuard.require(security, headers);
        Optional<String> route = policies.routeOf(name);
        if (route.isPresent()) {
            return AdminProblems.badRequest("'" + name + "' is route " + route.get() + "'s policy, set by throttled.route."
                    + route.get() + ".* keys: change it with PUT throttled/routes/" + route.get()
                    + " (a route's tiers are set in config)");
        }
        Optional<PolicyState> existing = policies.find(name);
        // a tier of an existing policy that nothing defines yet: its first override creates it
        Optional<PolicyState> before = existing.or(() -> policies.newTier(name));
        if (before.isEmpty()) {
            return AdminProblems.unknownPolicy(name);
        }
        OverrideRequest request = OverrideRequest.parse(body);
        List<Violation> violations = new ArrayList<>(request.violations());
        if (Policies.isTier(name)) {
            violations.addAll(request.tierViolations(existing.isEmpty()));
        }
        if (!violations.isEmpty()) {
            return AdminProblems.invalid(name, violations);
        }
        try {
            return AdminProblems.whileStoreAnswers(() -> answer(name, before.get(), policies.override(name, request.fields()),
                    "override-policy"));
        } catch (InvalidPolicyException e) {
            return AdminProblems.invalid(name, e.violations());
        }
    }

    @DELETE
    @Path("{name}")
    @Operation(summary = "Drop the runtime override of a policy: config and the annotation hold again, on every node")
    @APIResponse(responseCode = "200", description = "the policy as now in force, or removed: true for a tier only"
            + " its override defined")
    @APIResponse(responseCode = "404", description = "no such policy")
    public Response dropOverride(@PathParam("name") String name) {
        OperatorGuard.require(security, headers);
        Optional<PolicyState> before = policies.find(name);
        if (before.isEmpty()) {
            return AdminProblems.unknownPolicy(name);
        }
        return AdminProblems.whileStoreAnswers(() -> answer(name, before.get(), policies.dropOverride(name), "drop-override"));
    }

    /** Audits the change and answers the policy as now in force. */
    private Response answer(String name, PolicyState before, Optional<PolicyState> after, String action) {
        if (after.isEmpty()) {   // a tier only its override defined: dropping the override removed the tier
            AuditLog.record(OperatorGuard.who(security), action, name, "tier", "removed");
            return AdminJson.ok(Map.of("name", name, "removed", true));
        }
        AuditLog.changed(OperatorGuard.who(security), action, before, after.get());
        return AdminJson.ok(Views.of(after.get()));
    }
}
