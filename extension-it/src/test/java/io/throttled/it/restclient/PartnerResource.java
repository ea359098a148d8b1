package io.throttled.it.restclient;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;
import java.util.concurrent.atomic.AtomicInteger;

/** The partner the client calls (here, in the same deployment): counts the calls that reached it. */
@ApplicationScoped
@Path("partner")
public class PartnerResource {
    private final AtomicInteger calls = new AtomicInteger();
    private final AtomicInteger busyCalls = new AtomicInteger();

    @GET
    @Path("quota")
    public String quota() {
        return "answer " + calls.incrementAndGet();
    }

    /** Too busy the first time: 429 with Retry-After 2. */
    @GET
    @Path("busy")
    public Response busy() {
        if (busyCalls.incrementAndGet() == 1) {
            return Response.status(429).header("Retry-After", "2").build();
        }
        return Response.ok("done").build();
    }

    public int busyCalls() {
        return busyCalls.get();
    }

    public int calls() {
        return calls.get();
    }
}
