package io.throttled.sample;

import io.throttled.ThrottledException;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonBuilderFactory;
import jakarta.json.JsonObject;
import jakarta.ws.rs.WebApplicationException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A burst of calls to the partner at once, on the container's executor: each waits for its slot, so they leave evenly
 * spaced. Application-scoped so the executor is looked up once: a {@code @Resource} on the request-scoped resource
 * class was a JNDI lookup on every request to it, a quarter of the server's CPU under load.
 */
@ApplicationScoped
public class PartnerBurst {
    private static final JsonBuilderFactory JSON = Json.createBuilderFactory(Map.of());

    @Resource
    ManagedExecutorService executor;

    @Inject
    PartnerGateway partners;

    @Inject
    PartnerStub stub;

    /** Resets the stub, fires the calls, and answers (at most 30 s per call) with each outcome and what the stub saw. */
    JsonObject fire(int calls) throws InterruptedException {
        stub.reset();
        long start = System.nanoTime();
        List<Future<JsonObject>> running = new ArrayList<>(calls);
        for (int n = 1; n <= calls; n++) {
            int call = n;
            running.add(executor.submit(() -> outcome(call, start)));
        }
        JsonArrayBuilder answered = JSON.createArrayBuilder();
        for (Future<JsonObject> f : running) {
            try {
                answered.add(f.get(30, TimeUnit.SECONDS));
            } catch (ExecutionException | TimeoutException e) {
                answered.add(JSON.createObjectBuilder().add("outcome", e.toString()));
            }
        }
        return JSON.createObjectBuilder().add("calls", answered).add("partner", stub.calls()).build();
    }

    private JsonObject outcome(int call, long start) {
        String outcome;
        try {
            partners.quote();
            outcome = "ok";
        } catch (RuntimeException e) {
            WebApplicationException refused = DemoResource.partnerAnswer(e);
            outcome = refused != null ? "partner answered " + refused.getResponse().getStatus()
                    : e instanceof ThrottledException || e.getCause() instanceof ThrottledException ? "denied by the policy"
                    : e.toString();
        }
        return JSON.createObjectBuilder().add("call", call).add("outcome", outcome)
                .add("answeredAtMillis", (System.nanoTime() - start) / 1_000_000).build();
    }
}
