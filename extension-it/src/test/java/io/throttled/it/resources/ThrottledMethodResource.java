package io.throttled.it.resources;

import io.throttled.Throttled;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

@Path("method")
public class ThrottledMethodResource {

    @GET
    @Throttled(value = "resource-method", rate = "2/1m")
    public String limited() {
        return "limited";
    }

    @GET
    @Path("free")
    public String free() {
        return "free";
    }
}
