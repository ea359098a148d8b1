package io.throttled.sample;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonBuilderFactory;
import jakarta.json.JsonObject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A stand-in for a partner's API, with a strict limit of its own that knows nothing of throttled: 5 calls a second
 * with a burst of 3 (a token bucket in this JVM; one more than the client's policy, the margin a real client keeps
 * for the network's jitter); beyond it, 429 with Retry-After. It records when each call
 * arrived (and, from the client's {@link SentAtStamp}, when it left), so the demo page and the tests can see how the
 * calls were spaced.
 */
@ApplicationScoped
@Path("partner")
@Produces(MediaType.APPLICATION_JSON)
public class PartnerStub {
    static final int RATE_PER_SECOND = 5;
    static final int BURST = 3;
    private static final long NANOS_PER_TOKEN = 1_000_000_000L / RATE_PER_SECOND;
    private static final JsonBuilderFactory JSON = Json.createBuilderFactory(Map.of());

    private final List<Long> arrivals = new ArrayList<>();
    private final List<Long> departures = new ArrayList<>();   // µs since the epoch, for the calls that carry one
    private long refused;
    private long tokensAt = System.nanoTime() - BURST * NANOS_PER_TOKEN;   // the time the bucket was empty

    @GET
    @Path("quote")
    public synchronized Response quote(@HeaderParam(SentAtStamp.HEADER) Long sentAtMicros) {
        long now = System.nanoTime();
        tokensAt = Math.max(tokensAt, now - BURST * NANOS_PER_TOKEN);
        if (now - tokensAt < NANOS_PER_TOKEN) {
            refused++;
            return Response.status(429).header("Retry-After", "1").build();
        }
        tokensAt += NANOS_PER_TOKEN;
        arrivals.add(now);
        if (sentAtMicros != null) {
            departures.add(sentAtMicros);
        }
        return Response.ok(JSON.createObjectBuilder().add("quote", 100 + arrivals.size() % 7)
                .add("call", arrivals.size()).build()).build();
    }

    /**
     * The calls accepted since the last reset: when they arrived and when they left (in the order they left), as ms
     * after the first, and how many were refused.
     */
    @GET
    @Path("calls")
    public synchronized JsonObject calls() {
        JsonArrayBuilder offsets = JSON.createArrayBuilder();
        for (long at : arrivals) {
            offsets.add((at - arrivals.get(0)) / 1_000_000.0);
        }
        JsonArrayBuilder left = JSON.createArrayBuilder();
        long[] sent = departures.stream().mapToLong(Long::longValue).sorted().toArray();
        for (long at : sent) {
            left.add((at - sent[0]) / 1_000.0);
        }
        return JSON.createObjectBuilder().add("accepted", arrivals.size()).add("refused", refused)
                .add("limit", RATE_PER_SECOND + "/1s;burst=" + BURST).add("arrivalsMillis", offsets)
                .add("departuresMillis", left).build();
    }

    @DELETE
    @Path("calls")
    public synchronized void reset() {
        arrivals.clear();
        departures.clear();
        refused = 0;
    }
}
