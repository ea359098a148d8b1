package io.throttled.admin;

import io.throttled.core.Violation;
import io.throttled.operator.StoreUnavailableException;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * RFC 9457 answers of the admin API: 400 with each bad field named, 404 for an unknown policy, 503 without a store.
 * Written as text, so no JSON entity provider is needed.
 */
final class AdminProblems {
    static final String MEDIA_TYPE = "application/problem+json";

    private AdminProblems() {
    }

    static Response invalid(String policy, List<Violation> violations) {
        JsonArrayBuilder items = Json.createArrayBuilder();
        for (Violation v : violations) {
            items.add(Json.createObjectBuilder().add("field", v.field()).add("value", v.value()).add("message", v.message()));
        }
        JsonObjectBuilder body = Json.createObjectBuilder()
                .add("type", "about:blank")
                .add("title", "Invalid policy override")
                .add("status", 400)
                .add("detail", "policy '" + policy + "' was not changed: "
                        + violations.stream().map(Violation::toString).collect(Collectors.joining("; ")))
                .add("policy", policy)
                .add("violations", items);
        return Response.status(400).type(MEDIA_TYPE).entity(body.build().toString()).build();
    }

    static Response badRequest(String detail) {
        return Response.status(400).type(MEDIA_TYPE).entity(Json.createObjectBuilder().add("type", "about:blank")
                .add("title", "Bad Request").add("status", 400).add("detail", detail).build().toString()).build();
    }

    /**
     * Runs what needs the shared store; when the store does not answer, 503 with the draft's
     * temporary-reduced-capacity type and Retry-After (the breaker's trial interval), never a 500.
     */
    static Response whileStoreAnswers(Supplier<Response> action) {
        try {
            return action.get();
        } catch (StoreUnavailableException e) {
            return storeUnavailable(e.getMessage(), e.retryAfterSeconds());
        }
    }

    /** 503: the store (Redis) does not answer; what was asked was not done. */
    static Response storeUnavailable(String cause, long retryAfterSeconds) {
        return Response.status(503).type(MEDIA_TYPE).header("Retry-After", retryAfterSeconds)
                .entity(Json.createObjectBuilder()
                        .add("type", "https://iana.org/assignments/http-problem-types#temporary-reduced-capacity")
                        .add("title", "Service Unavailable").add("status", 503)
                        .add("detail", "The rate limiter's store does not answer, so nothing was read or changed;"
                                + " retry in " + retryAfterSeconds + " s. (" + cause + ")")
                        .add("retryAfter", retryAfterSeconds).build().toString())
                .build();
    }

    static Response unknownPolicy(String policy) {
        return Response.status(404).type(MEDIA_TYPE).entity(Json.createObjectBuilder().add("type", "about:blank")
                .add("title", "Not Found").add("status", 404)
                .add("detail", "no policy named '" + policy + "': it must be declared by @Throttled or in config")
                .add("policy", policy).build().toString()).build();
    }

    static Response unknownRoute(String route) {
        return Response.status(404).type(MEDIA_TYPE).entity(Json.createObjectBuilder().add("type", "about:blank")
                .add("title", "Not Found").add("status", 404)
                .add("detail", "no route named '" + route + "': define it in config (throttled.route." + route
                        + ".path) or create it with PUT throttled/routes/" + route)
                .add("route", route).build().toString()).build();
    }
}
