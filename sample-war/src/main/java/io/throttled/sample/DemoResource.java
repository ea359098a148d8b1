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
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.Map;

/**
 * The three entry points: a throttled resource method, a resource calling a throttled CDI bean, and one
 * calling a throttled EJB. Their policies are in META-INF/microprofile-config.properties.
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

    /** {@code @Throttled} on the JAX-RS method: the request filter decides before this runs. */
    @GET
    @Path("ping")
    @Throttled("ping")
    public JsonObject ping() {
        return JSON.createObjectBuilder().add("message", "pong").add("at", Instant.now().toString()).build();
    }

    /** The same as ping without {@code @Throttled}: the baseline of the HTTP overhead benchmark. */
    @GET
    @Path("free")
    public JsonObject free() {
        return JSON.createObjectBuilder().add("message", "pong").add("at", Instant.now().toString()).build();
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
}
