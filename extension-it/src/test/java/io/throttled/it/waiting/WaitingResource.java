package io.throttled.it.waiting;

import io.throttled.Throttled;
import io.throttled.core.AsyncRateLimiter;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Resource methods whose requests wait for their slots: one on the request's thread, two without a thread
 * (a {@code CompletionStage} and a suspended response). */
@Path("waiting")
public class WaitingResource {
    @Inject
    AsyncRateLimiter async;

    @GET
    @Path("sync")
    @Throttled(value = "sync-patient", algorithm = "gcra", rate = "1/1s", burst = 1, key = "global", maxWait = "5s")
    public String sync() {
        return "sync";
    }

    @GET
    @Path("impatient")
    @Throttled(value = "impatient", algorithm = "gcra", rate = "1/1m", burst = 1, key = "global")
    public String impatient() {
        return "impatient";
    }

    @GET
    @Path("async")
    @Throttled(value = "async-patient", algorithm = "gcra", rate = "1/1s", burst = 1, key = "global", maxWait = "10s")
    public CompletionStage<String> async() {
        return CompletableFuture.completedFuture("async");
    }

    @GET
    @Path("suspended")
    @Throttled(value = "suspended-patient", algorithm = "gcra", rate = "1/1s", burst = 1, key = "global", maxWait = "10s")
    public void suspended(@Suspended AsyncResponse response) {
        response.resume("suspended");
    }

    /** How many calls wait for their slots right now without a thread (this deployment's asynchronous waits). */
    @GET
    @Path("waiting-now")
    public String waitingNow() {
        return Integer.toString(async.waiting());
    }
}
