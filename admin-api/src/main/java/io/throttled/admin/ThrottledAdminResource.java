package io.throttled.admin;

import io.throttled.admin.Views.BucketView;
import io.throttled.admin.Views.KeyPageView;
import io.throttled.admin.Views.ResetView;
import io.throttled.admin.Views.RouteView;
import io.throttled.config.ConfiguredRoutes;
import io.throttled.config.FieldSource;
import io.throttled.config.RouteField;
import io.throttled.config.RouteRegistry;
import io.throttled.config.RouteSettings;
import io.throttled.core.Violation;
import io.throttled.jaxrs.Explainer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import io.throttled.cdi.OverrideSync;
import io.throttled.cdi.Throttler;
import io.throttled.config.PolicyField;
import io.throttled.config.PolicyRegistry;
import io.throttled.config.ResolvedPolicy;
import io.throttled.config.ThrottledSettings;
import io.throttled.config.Tiers;
import io.throttled.core.BucketInventory;
import io.throttled.core.Decision;
import io.throttled.core.InvalidPolicyException;
import io.throttled.core.Policy;
import io.throttled.core.RateLimiter;
import io.throttled.key.ClientIpResolver;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import redis.clients.jedis.exceptions.JedisException;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The operators' API, under the application's JAX-RS path at {@code throttled/}. Every method requires
 * the role {@code throttled-admin}, and checks it itself first ({@link OperatorGuard}): {@code @RolesAllowed}
 * alone holds only while the container's security is on. Every change is written to the audit log. Answers
 * are JSON text ({@link AdminJson}), so no JSON-B is needed.
 */
@Path("throttled")
@RequestScoped
@RolesAllowed("throttled-admin")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "throttled", description = "Inspect and change rate limits at runtime, inspect and reset buckets")
@SecurityScheme(securitySchemeName = "throttled-basic", type = SecuritySchemeType.HTTP, scheme = "basic")
@SecurityRequirement(name = "throttled-basic")
public class ThrottledAdminResource {
    static final int MAX_PAGE = 1000;
    /** How long one reset of a whole policy goes on before it answers (it says where to go on). */
    static final int RESET_BUDGET_SECONDS = 2;

    @Inject
    Throttler throttler;

    @Inject
    OverrideSync overrides;

    @Inject
    ThrottledSettings settings;

    @Inject
    DecisionCounts counts;

    @Inject
    RouteRegistry routes;

    @Inject
    Explainer explainer;

    @Context
    SecurityContext security;

    @Context
    HttpHeaders headers;

    @GET
    @Path("policies")
    @Operation(summary = "Every policy with its effective settings, and where each setting came from")
    @APIResponse(responseCode = "200", description = "the policies, sorted by name")
    public Response policies() {
        OperatorGuard.require(security, headers);
        PolicyRegistry registry = throttler.policies();
        return AdminJson.ok(registry.names().stream().map(registry::resolve).flatMap(Optional::stream).map(Views::of).toList());
    }

    @GET
    @Path("policies/{name}")
    @Operation(summary = "One policy with its effective settings and their sources")
    @APIResponse(responseCode = "200", description = "the policy")
    @APIResponse(responseCode = "404", description = "no such policy")
    public Response policy(@PathParam("name") String name) {
        OperatorGuard.require(security, headers);
        return throttler.policies().resolve(name).map(r -> AdminJson.ok(Views.of(r)))
                .orElseGet(() -> AdminProblems.unknownPolicy(name));
    }

    @PUT
    @Path("policies/{name}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Set the runtime override of a policy, on every node",
            description = "The body names the fields to override, in the config vocabulary: algorithm, rate,"
                    + " burst, refill, key (strings or numbers as in config), cost (number), enforce (boolean)."
                    + " Fields left out follow config and the annotation. It replaces the previous override."
                    + " A tier is the policy <policy>.tier.<tier>; it takes only the fields of its buckets, and the"
                    + " first override of a tier nothing defines yet creates it.")
    @RequestBody(description = "e.g. {\"rate\": \"20/1s\", \"algorithm\": \"gcra\"}")
    @APIResponse(responseCode = "200", description = "the policy as now in force")
    @APIResponse(responseCode = "400", description = "invalid input, every bad field named; nothing was stored")
    @APIResponse(responseCode = "404", description = "no such policy, nor a new tier <policy>.tier.<tier> of one")
    public Response override(@PathParam("name") String name, String body) {
        OperatorGuard.require(security, headers);
        PolicyRegistry registry = throttler.policies();
        Optional<String> route = routeOf(registry, name);
        if (route.isPresent()) {
            return AdminProblems.badRequest("'" + name + "' is route " + route.get() + "'s policy, set by throttled.route."
                    + route.get() + ".* keys: change it with PUT throttled/routes/" + route.get()
                    + " (a route's tiers are set in config)");
        }
        Optional<ResolvedPolicy> existing = registry.resolve(name);
        // a tier of an existing policy that nothing defines yet: its first override creates it
        Optional<ResolvedPolicy> before = existing.or(() -> registry.newTier(name));
        if (before.isEmpty()) {
            return AdminProblems.unknownPolicy(name);
        }
        OverrideRequest request = OverrideRequest.parse(body);
        List<Violation> violations = new ArrayList<>(request.violations());
        if (name.indexOf(Tiers.SEPARATOR) > 0) {
            violations.addAll(request.tierViolations(existing.isEmpty()));
        }
        if (!violations.isEmpty()) {
            return AdminProblems.invalid(name, violations);
        }
        try {
            registry.preview(name, request.fields());
        } catch (InvalidPolicyException e) {
            return AdminProblems.invalid(name, e.violations());
        }
        return store(name, before.get(), request.fields(), "override-policy");
    }

    @DELETE
    @Path("policies/{name}")
    @Operation(summary = "Drop the runtime override of a policy: config and the annotation hold again, on every node")
    @APIResponse(responseCode = "200", description = "the policy as now in force, or removed: true for a tier only"
            + " its override defined")
    @APIResponse(responseCode = "404", description = "no such policy")
    public Response dropOverride(@PathParam("name") String name) {
        OperatorGuard.require(security, headers);
        Optional<ResolvedPolicy> before = throttler.policies().resolve(name);
        if (before.isEmpty()) {
            return AdminProblems.unknownPolicy(name);
        }
        return store(name, before.get(), Map.of(), "drop-override");
    }

    /**
     * The route whose policy (or tier) this is: its keys are {@code throttled.route.<name>.*}, so an override
     * stored under {@code throttled.policy.<name>.*} would define another policy of the same name instead.
     */
    private Optional<String> routeOf(PolicyRegistry registry, String name) {
        int tier = name.indexOf(Tiers.SEPARATOR);
        String base = tier > 0 ? name.substring(0, tier) : name;
        return !registry.isPolicyName(base) && routes.settings().containsKey(base) ? Optional.of(base) : Optional.empty();
    }

    /** Stores the override (none: dropped), applies it on this node at once, audits and answers the result. */
    private Response store(String name, ResolvedPolicy before, Map<PolicyField, String> fields, String action) {
        return whileStoreAnswers(() -> {
            overrides.replace(name, fields);
            overrides.reload();
            Optional<ResolvedPolicy> after = throttler.policies().resolve(name);
            if (after.isEmpty()) {   // a tier only its override defined: dropping the override removed the tier
                AuditLog.record(who(), action, name, "tier", "removed");
                return AdminJson.ok(Map.of("name", name, "removed", true));
            }
            AuditLog.changed(who(), action, before, after.get());
            return AdminJson.ok(Views.of(after.get()));
        });
    }

    @GET
    @Path("buckets/{policy}")
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
            BucketInventory.KeyPage page;
            try {
                page = inventory().keys(policy, cursor, count);
            } catch (NumberFormatException | IndexOutOfBoundsException e) {
                return AdminProblems.badRequest("cursor '" + cursor + "' is not one this API returned");
            }
            return AdminJson.ok(new KeyPageView(name, page.keys(), page.nextCursor(), page.isLast()));
        });
    }

    @GET
    @Path("buckets/{policy}/{key: .+}")
    @Operation(summary = "One client's bucket, by a peek that takes nothing",
            description = "The key is what the client is known by: a user name, an IP address, a header value,"
                    + " or a resolved key (u:alice, ip:192.0.2.1); it is normalised as the filter does.")
    @APIResponse(responseCode = "200", description = "remaining, reset-after and time to live")
    @APIResponse(responseCode = "400", description = "the key cannot belong to this policy")
    @APIResponse(responseCode = "404", description = "no such policy")
    public Response bucket(@PathParam("policy") String name, @PathParam("key") String given) {
        OperatorGuard.require(security, headers);
        return withBucket(name, given, (policy, key) -> {
            Decision peek = limiter().acquire(policy, key, 0);
            if (!peek.decidedByStore()) {
                // the limiter answered from its failure mode: that is not this bucket's state
                throw new StoreUnavailable("the store did not answer the peek (decided by " + peek.origin() + ")");
            }
            OptionalLong ttl = inventory().timeToLiveMillis(policy, key);
            return AdminJson.ok(Views.bucket(policy, key, peek, ttl.isPresent() ? ttl.getAsLong() : null));
        });
    }

    @DELETE
    @Path("buckets/{policy}/{key: .+}")
    @Operation(summary = "Reset one client's bucket: its next call finds it full")
    @APIResponse(responseCode = "200", description = "reset")
    @APIResponse(responseCode = "404", description = "no such policy")
    public Response reset(@PathParam("policy") String name, @PathParam("key") String given) {
        OperatorGuard.require(security, headers);
        return withBucket(name, given, (policy, key) -> {
            limiter().reset(policy, key);
            overrides.store().announce(BucketResets.one(name, key));
            AuditLog.record(who(), "reset-bucket", name + " " + key, "-", "full");
            return AdminJson.ok(new ResetView(name, key, 1, true, null));
        });
    }

    @DELETE
    @Path("buckets/{policy}")
    @Operation(summary = "Reset every bucket of a policy, in bounded batches (SCAN and UNLINK), for at most "
            + RESET_BUDGET_SECONDS + " s a call",
            description = "complete false: the time bound was reached; call again with the cursor returned to go on.")
    @APIResponse(responseCode = "200", description = "how many keys were removed, whether all are gone, where to go on")
    @APIResponse(responseCode = "404", description = "no such policy")
    public Response resetAll(@PathParam("policy") String name, @QueryParam("cursor") @DefaultValue("0") String cursor) {
        OperatorGuard.require(security, headers);
        return withPolicy(name, policy -> {
            BucketInventory.ResetProgress progress;
            try {
                progress = inventory().resetSome(policy, cursor, java.time.Duration.ofSeconds(RESET_BUDGET_SECONDS));
            } catch (NumberFormatException | IndexOutOfBoundsException e) {
                return AdminProblems.badRequest("cursor '" + cursor + "' is not one this API returned");
            }
            overrides.store().announce(BucketResets.all(name));
            AuditLog.record(who(), "reset-all-buckets", name, progress.removed() + " keys" + (progress.complete() ? ""
                    : ", stopped at the time bound, cursor " + progress.nextCursor()), "none");
            return AdminJson.ok(new ResetView(name, null, progress.removed(), progress.complete(),
                    progress.complete() ? null : progress.nextCursor()));
        });
    }

    @GET
    @Path("routes")
    @Operation(summary = "Every route policy: its match, its policy's settings, and where each came from")
    @APIResponse(responseCode = "200", description = "the routes, sorted by name")
    public Response routes() {
        OperatorGuard.require(security, headers);
        return AdminJson.ok(routes.settings().values().stream()
                .map(this::routeView)
                .toList());
    }

    @GET
    @Path("routes/{name}")
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
    @Path("routes/{name}")
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
        return whileStoreAnswers(() -> {
            overrides.store().replaceKeys(routeKeys(name), set);
            overrides.reload();
            RouteSettings after = routes.settings().get(name);
            AuditLog.record(who(), "put-route", name, before == null ? "-" : describe(before), describe(after));
            return AdminJson.ok(routeView(after));
        });
    }

    @DELETE
    @Path("routes/{name}")
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
        return whileStoreAnswers(() -> {
            overrides.store().replaceKeys(routeKeys(name), Map.of());
            overrides.reload();
            RouteSettings after = routes.settings().get(name);
            AuditLog.record(who(), "delete-route", name, describe(before), after == null ? "removed" : describe(after));
            return after == null ? AdminJson.ok(Map.of("name", name, "removed", true))
                    : AdminJson.ok(routeView(after));
        });
    }

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
        ExplainedCall call;
        try {
            call = ExplainedCall.of(user, roles, address, headers, claims, params);
        } catch (IllegalArgumentException e) {
            return AdminProblems.badRequest(e.getMessage());
        }
        String httpMethod = method.trim().toUpperCase(java.util.Locale.ROOT);
        Explainer.Explanation explanation = explainer.explain(httpMethod, path, call);
        return AdminJson.ok(new Views.ExplainView(httpMethod, path, explanation.resourceMethod(), explanation.template(),
                ips().clientIp(call).orElse(null), explanation.checks().stream().map(Views::check).toList()));
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

    @GET
    @Path("stats")
    @Operation(summary = "This node's decision counts since it started, by policy and outcome")
    @APIResponse(responseCode = "200", description = "counts")
    public Response stats() {
        OperatorGuard.require(security, headers);
        return AdminJson.ok(counts.snapshot());
    }

    /** The policy's effective settings to {@code action}, or 404 when there is no such policy. */
    private Response withPolicy(String name, Function<Policy, Response> action) {
        return throttler.policies().resolve(name).map(ResolvedPolicy::policy)
                .map(policy -> whileStoreAnswers(() -> action.apply(policy)))
                .orElseGet(() -> AdminProblems.unknownPolicy(name));
    }

    /**
     * Runs what needs the shared store; when the store does not answer, 503 with the draft's
     * temporary-reduced-capacity type and Retry-After (the breaker's trial interval), never a 500.
     */
    private Response whileStoreAnswers(Supplier<Response> action) {
        try {
            return action.get();
        } catch (StoreUnavailable | JedisException e) {
            return AdminProblems.storeUnavailable(e.getMessage(), retryAfterSeconds());
        }
    }

    private long retryAfterSeconds() {
        long millis = settings.resilience().breakerOpenFor().toMillis();
        return Math.max(1, (millis + 999) / 1000);
    }

    /** The policy and the client key normalised as the filter would, or 404 / 400. */
    private Response withBucket(String name, String given, BiFunction<Policy, String, Response> action) {
        return withPolicy(name, policy -> {
            String key;
            try {
                key = AdminKeys.clientKey(policy, given, ips(), settings.keyDigest());
            } catch (IllegalArgumentException e) {
                return AdminProblems.badRequest(e.getMessage());
            }
            return action.apply(policy, key);
        });
    }

    private RateLimiter limiter() {
        return throttler.limiter();
    }

    private BucketInventory inventory() {
        if (throttler.limiter() instanceof BucketInventory inventory) {
            return inventory;
        }
        throw new IllegalStateException("the rate limiter " + throttler.limiter().getClass().getName()
                + " cannot list or reset buckets");
    }

    private ClientIpResolver ips() {
        return new ClientIpResolver(settings.trustedProxies(), settings.ipv6PrefixLength());
    }

    private String who() {
        return security.getUserPrincipal() == null ? "?" : security.getUserPrincipal().getName();
    }
}
