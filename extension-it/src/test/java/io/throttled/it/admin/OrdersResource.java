package io.throttled.it.admin;

import io.throttled.Throttled;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

/** The policy an attacker would like to loosen (2 a minute per address), and one keyed by an API key. */
@Path("orders")
public class OrdersResource {

    @GET
    @Throttled("orders")
    public String orders() {
        return "ok";
    }

    @GET
    @Path("partner")
    @Throttled("partner")
    public String partner() {
        return "ok";
    }
}
