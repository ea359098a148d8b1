package io.throttled.it.tiers;

import io.throttled.Throttled;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

/** One policy whose tiers the deployment's config declares; {@code open} and {@code burst} have no annotation (routes only). */
@Path("tiered")
public class TieredResource {

    @GET
    @Throttled("plan")
    public String plan() {
        return "ok";
    }

    @GET
    @Path("open")
    public String open() {
        return "open";
    }

    @GET
    @Path("burst")
    public String burst() {
        return "burst";
    }
}
