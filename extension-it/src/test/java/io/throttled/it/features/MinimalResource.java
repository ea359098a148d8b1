package io.throttled.it.features;

import io.throttled.Throttled;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

@Path("minimal")
public class MinimalResource {
    @Inject
    MinimalBean bean;

    @GET
    @Path("resource")
    @Throttled(value = "minimal-resource", rate = "2/1m")
    public String resource() {
        return "resource";
    }

    @GET
    @Path("bean")
    public String bean() {
        return bean.call();
    }
}
