package io.throttled.it.fallback;

import io.throttled.Throttled;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

/** Three calls per ten seconds for each client, as the client names itself in {@code X-Client}. */
@Path("quota")
public class QuotaResource {

    @GET
    @Throttled(value = "quota", rate = "3/10s", key = "header:X-Client")
    public String quota() {
        return "ok";
    }

    /** Calls that let Redis answer between clients (its own policy, so no client's quota moves). */
    @GET
    @Path("warm")
    @Throttled(value = "warm", rate = "10000/1s", key = "header:X-Client")
    public String warm() {
        return "ok";
    }
}
