package io.throttled.it.restclient;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import java.util.concurrent.atomic.AtomicInteger;

/** The partner the client calls (here, in the same deployment): counts the calls that reached it. */
@ApplicationScoped
@Path("partner")
public class PartnerResource {
    private final AtomicInteger calls = new AtomicInteger();

    @GET
    @Path("quota")
    public String quota() {
        return "answer " + calls.incrementAndGet();
    }

    public int calls() {
        return calls.get();
    }
}
