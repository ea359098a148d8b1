package io.throttled.it.resources;

import io.throttled.Throttled;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

/** Every method of the class shares the class's policy, so one bucket per client. */
@Path("class")
@Throttled(value = "resource-class", rate = "3/1m")
public class ThrottledClassResource {

    @GET
    @Path("a")
    public String a() {
        return "a";
    }

    @GET
    @Path("b")
    public String b() {
        return "b";
    }
}
