package io.throttled.sample;

import io.throttled.Throttled;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonBuilderFactory;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.Map;

/**
 * The entry points: a throttled resource method, a resource calling a throttled CDI bean, one calling a
 * throttled EJB, and calls to a partner through a throttled Rest Client. Their policies are in META-INF/microprofile-config.properties.
 */
@Path("demo")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class DemoResource {
    /** One factory for every response: {@code Json.createObjectBuilder()} looks the provider up on each call. */
    private static final JsonBuilderFactory JSON = Json.createBuilderFactory(Map.of());

    /** The demo login's one password (the page shows it): this is about counting failures, not security. */
    static final String DEMO_PASSWORD = "open-sesame";

    @Inject
    Greeter greeter;

    @Inject
    ReportService reports;

    @Inject
    PartnerGateway partners;

    @Inject
    PartnerStub stub;

    @Inject
    RedisFloor floor;

    @Inject
    PartnerBurst bursts;

    /** {@code @Throttled} on the JAX-RS method: the request filter decides before this runs. */
    @GET
    @Path("ping")
    @Throttled("ping")
    public JsonObject ping() {
        return JSON.createObjectBuilder().add("message", "pong").add("at", Instant.now().toString()).build();
    }

    /**
     * A hot key with token leases ({@code @Throttled("hot")}: key global, lease=auto): says when it was admitted
     * (µs since the epoch) and on which server, so a test can count admissions per window across nodes.
     */
    @GET
    @Path("hot")
    @Throttled("hot")
    public JsonObject hot() {
        Instant now = Instant.now();
        return JSON.createObjectBuilder().add("message", "pong")
                .add("admittedAtMicros", now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000).build();
    }

    /** The same as ping without {@code @Throttled}: the baseline of the HTTP overhead benchmark. */
    @GET
    @Path("free")
    public JsonObject free() {
        return JSON.createObjectBuilder().add("message", "pong").add("at", Instant.now().toString()).build();
    }

    /**
     * The same as free plus one plain Redis {@code GET} (no script, no decision): the floor of the HTTP benchmark,
     * what any request that asks Redis once costs.
     */
    @GET
    @Path("floor")
    public JsonObject floor() {
        String value = floor.get();
        return JSON.createObjectBuilder().add("message", value == null ? "pong" : value).add("at", Instant.now().toString())
                .build();
    }

    /**
     * A login that only failures pay for ({@code count=status:401} on policy {@code login}, keyed by the
     * account tried): ten wrong passwords for one account, then 429 for it; good logins cost nothing.
     */
    @POST
    @Path("login")
    @Consumes(MediaType.WILDCARD)
    @Throttled("login")
    public Response login(@QueryParam("user") String user, String password) {
        if (user != null && DEMO_PASSWORD.equals(password == null ? null : password.strip())) {
            return Response.ok(JSON.createObjectBuilder().add("user", user).add("login", "ok").build()).build();
        }
        return Response.status(401).entity(JSON.createObjectBuilder().add("login", "failed").build()).build();
    }

    /** The CDI bean is throttled: its interceptor decides, a denial becomes 429. */
    @GET
    @Path("greeting")
    public JsonObject greeting(@QueryParam("name") @DefaultValue("world") String name) {
        return JSON.createObjectBuilder().add("message", greeter.greet(name)).build();
    }

    /** The EJB is throttled: the same interceptor, around a stateless session bean. */
    @GET
    @Path("report")
    public JsonObject report() {
        return reports.dailyReport();
    }

    /** One call to the partner through the throttled Rest Client (in an EJB): it waits for its slot when needed. */
    @GET
    @Path("partner")
    public Response partner() {
        long start = System.nanoTime();
        try {
            JsonObject quote = partners.quote();
            return Response.ok(JSON.createObjectBuilder(quote).add("tookMillis", (System.nanoTime() - start) / 1_000_000)
                    .build()).build();
        } catch (RuntimeException e) {   // the partner refused: say so, without passing its answer on as ours
            WebApplicationException refused = partnerAnswer(e);
            if (refused == null) {
                throw e;
            }
            return Response.status(502).entity(JSON.createObjectBuilder()
                    .add("partnerStatus", refused.getResponse().getStatus()).build()).build();
        }
    }

    /**
     * A burst of calls to the partner at once (see {@link PartnerBurst}): answers when every call has, with when each
     * was answered and what the partner saw.
     */
    @POST
    @Path("partner/burst")
    @Consumes(MediaType.WILDCARD)
    public JsonObject partnerBurst(@QueryParam("calls") @DefaultValue("10") int calls) throws InterruptedException {
        if (calls < 1 || calls > 50) {
            throw new jakarta.ws.rs.BadRequestException("calls must be 1 to 50");
        }
        return bursts.fire(calls);
    }

    /** The partner's error answer, which the EJB container hands on wrapped in an EJBException (a system exception). */
    static WebApplicationException partnerAnswer(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof WebApplicationException w) {
                return w;
            }
        }
        return null;
    }
}
