package io.throttled.it.lifecycle;

import io.throttled.Throttled;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

/**
 * Uses every part that starts something: the filter and the interceptor on Redis, overrides and their feed, and
 * token leases (their give-back thread starts with the first lease).
 */
@Path("cycle")
public class CycleResource {
    @Inject
    CycleBean bean;

    @GET
    @Throttled(value = "cycle", rate = "1000/1m", key = "global", lease = "auto")
    public String call() {
        return bean.call();
    }
}
