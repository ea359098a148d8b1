package io.throttled.it.waiting;

import io.throttled.Throttled;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The asynchronous methods of {@link WaitingResource} on a class with a bean-defining annotation: a CDI bean on every
 * server, so the interceptor runs around its methods and their calls wait without a thread everywhere.
 */
@RequestScoped
@Path("waiting-scoped")
public class ScopedWaitingResource {

    @GET
    @Path("async")
    @Throttled(value = "scoped-async-patient", algorithm = "gcra", rate = "1/1s", burst = 1, key = "global", maxWait = "10s")
    public CompletionStage<String> async() {
        return CompletableFuture.completedFuture("async");
    }

    @GET
    @Path("suspended")
    @Throttled(value = "scoped-suspended-patient", algorithm = "gcra", rate = "1/1s", burst = 1, key = "global", maxWait = "10s")
    public void suspended(@Suspended AsyncResponse response) {
        response.resume("suspended");
    }
}
