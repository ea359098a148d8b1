package io.throttled.admin;

import io.throttled.admin.Views.KeyPageView;
import io.throttled.admin.Views.ResetView;
import io.throttled.core.BucketInventory.KeyPage;
import io.throttled.core.BucketInventory.ResetProgress;
import io.throttled.core.Decision;
import io.throttled.core.Policy;
import io.throttled.operator.Buckets;
import io.throttled.operator.Policies;
import io.throttled.operator.PolicyState;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code throttled/buckets}: a policy's live client keys page by page, one client's bucket by a peek, and resets of
 * one bucket or, in bounded batches, of every bucket of a policy.
 */
@Path("throttled/buckets")
@RequestScoped
@RolesAllowed(OperatorGuard.ROLE)
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "throttled", description = "Inspect and change rate limits at runtime, inspect and reset buckets")
@SecurityRequirement(name = "throttled-basic")
public class BucketsResource {
    static final int MAX_PAGE = 1000;
    /** How long one reset of a whole policy goes on before it answers (it says where to go on). */
    static final int RESET_BUDGET_SECONDS = 2;

    @Inject
    Policies policies;

    @Inject
    Buckets buckets;

    @Context
    SecurityContext security;

    @Context
    HttpHeaders headers;

    @GET
    @Path("{policy}")
    @Operation(summary = "A page of the policy's live client keys (SCAN on every master, never KEYS)",
            description = "Follow cursor until it is 0 again. A key can appear on more than one page.")
    @APIResponse(responseCode = "200", description = "keys and the cursor of the next page")
    @APIResponse(responseCode = "404", description = "no such policy")
    public Response keys(@PathParam("policy") String name, @QueryParam("cursor") @DefaultValue("0") String cursor,
                         @QueryParam("count") @DefaultValue("100") int count) {
        OperatorGuard.require(security, headers);
        return withPolicy(name, policy -> {
            if (count < 1 || count > MAX_PAGE) {
                return AdminProblems.badRequest("count=" + count + " must be between 1 and " + MAX_PAGE);
            }
            KeyPage page;
            try {
                page = buckets.keys(policy, cursor, count);
            } catch (IllegalArgumentException e) {
                return AdminProblems.badRequest("cursor '" + cursor + "' is not one this API returned");
            }
            return AdminJson.ok(new KeyPageView(name, page.keys(), page.nextCursor(), page.isLast()));
        });
    }

    @GET
    @Path("{policy}/{key: .+}")
    @Operation(summary = "One client's bucket, by a peek that takes nothing",
            description = "The key is what the client is known by: a user name, an IP address, a header value,"
                    + " or a resolved key (u:alice, ip:192.0.2.1); it is normalised as the filter does.")
    @APIResponse(responseCode = "200", description = "remaining, reset-after and time to live")
    @APIResponse(responseCode = "400", description = "the key cannot belong to this policy")
    @APIResponse(responseCode = "404", description = "no such policy")
    public Response bucket(@PathParam("policy") String name, @PathParam("key") String given) {
        OperatorGuard.require(security, headers);
        return withBucket(name, given, (policy, key) -> {
            Decision peek = buckets.peek(policy, key);
            OptionalLong ttl = buckets.timeToLiveMillis(policy, key);
            return AdminJson.ok(Views.bucket(policy, key, peek, ttl.isPresent() ? ttl.getAsLong() : null));
        });
    }

    @DELETE
    @Path("{policy}/{key: .+}")
    @Operation(summary = "Reset one client's bucket: its next call finds it full")
    @APIResponse(responseCode = "200", description = "reset")
    @APIResponse(responseCode = "404", description = "no such policy")
    public Response reset(@PathParam("policy") String name, @PathParam("key") String given) {
        OperatorGuard.require(security, headers);
        return withBucket(name, given, (policy, key) -> {
            buckets.reset(policy, key);
            AuditLog.record(OperatorGuard.who(security), "reset-bucket", name + " " + key, "-", "full");
            return AdminJson.ok(new ResetView(name, key, 1, true, null));
        });
    }

    @DELETE
    @Path("{policy}")
    @Operation(summary = "Reset every bucket of a policy, in bounded batches (SCAN and UNLINK), for at most "
            + RESET_BUDGET_SECONDS + " s a call",
            description = "complete false: the time bound was reached; call again with the cursor returned to go on.")
    @APIResponse(responseCode = "200", description = "how many keys were removed, whether all are gone, where to go on")
    @APIResponse(responseCode = "404", description = "no such policy")
    public Response resetAll(@PathParam("policy") String name, @QueryParam("cursor") @DefaultValue("0") String cursor) {
        OperatorGuard.require(security, headers);
        return withPolicy(name, policy -> {
            ResetProgress progress;
            try {
                progress = buckets.resetSome(policy, cursor, Duration.ofSeconds(RESET_BUDGET_SECONDS));
            } catch (IllegalArgumentException e) {
                return AdminProblems.badRequest("cursor '" + cursor + "' is not one this API returned");
            }
            AuditLog.record(OperatorGuard.who(security), "reset-all-buckets", name, progress.removed() + " keys"
                    + (progress.complete() ? "" : ", stopped at the time bound, cursor " + progress.nextCursor()), "none");
            return AdminJson.ok(new ResetView(name, null, progress.removed(), progress.complete(),
                    progress.complete() ? null : progress.nextCursor()));
        });
    }

    /** The policy's effective settings to {@code action}, or 404 when there is no such policy. */
    private Response withPolicy(String name, Function<Policy, Response> action) {
        return policies.find(name).map(PolicyState::policy)
                .map(policy -> AdminProblems.whileStoreAnswers(() -> action.apply(policy)))
                .orElseGet(() -> AdminProblems.unknownPolicy(name));
    }

    /** The policy and the client key normalised as the filter would, or 404 / 400. */
    private Response withBucket(String name, String given, BiFunction<Policy, String, Response> action) {
        return withPolicy(name, policy -> {
            String key;
            try {
                key = buckets.clientKey(policy, given);
            } catch (IllegalArgumentException e) {
                return AdminProblems.badRequest(e.getMessage());
            }
            return action.apply(policy, key);
        });
    }
}
