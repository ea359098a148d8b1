package io.throttled.it.telemetry;

import io.throttled.Throttled;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

@Path("limited")
public class LimitedResource {

    @GET
    @Throttled(value = "telemetry-limited", rate = "3/1d")
    public String limited() {
        return "limited";
    }
}
