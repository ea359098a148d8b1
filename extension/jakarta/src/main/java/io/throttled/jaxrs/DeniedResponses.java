package io.throttled.jaxrs;

import io.throttled.cdi.Outcome;
import io.throttled.config.HeaderStyle;
import io.throttled.config.Tiers;
import io.throttled.core.Decision;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The answer to a denied call: 429 with Retry-After, the rate-limit headers of every policy the call met and
 * a problem+json body naming every policy that denied it; or, when Redis failed and the failure mode is
 * {@code closed}, 503 with Retry-After (the limit is unknown).
 */
final class DeniedResponses {
    private DeniedResponses() {
    }

    static Response of(Outcome outcome, Set<HeaderStyle> styles, String path) {
        return of(outcome, List.of(outcome), styles, path);
    }

    /** @param blocking the denial to answer by (the longest wait); {@code all} every outcome of the call */
    static Response of(Outcome blocking, List<Outcome> all, Set<HeaderStyle> styles, String path) {
        Decision decision = blocking.decision();
        boolean unavailable = decision.origin() == Decision.Origin.FAIL_CLOSED;
        List<String> violated = new ArrayList<>();
        for (Outcome o : all) {
            if (o.blocks() && !violated.contains(o.policy().name())) {
                violated.add(o.policy().name());
            }
        }
        Response.ResponseBuilder response = Response.status(unavailable ? 503 : 429)
                .type(ProblemDetails.MEDIA_TYPE)
                .entity(unavailable ? ProblemDetails.unavailable(decision, path)
                        : ProblemDetails.rateLimited(decision, path, violated,
                                Tiers.DEFAULT.equals(blocking.tier()) ? null : blocking.tier()));
        RateLimitHeaders.retryAfterSeconds(decision)
                .ifPresent(seconds -> response.header(RateLimitHeaders.RETRY_AFTER, seconds));
        RateLimitHeaders.write(styles, all, System.currentTimeMillis(), response::header);
        return response.build();
    }

    /** The denial that decides the answer: among the blocking outcomes, the one with the longest wait. */
    static Outcome blocking(List<Outcome> outcomes) {
        Outcome chosen = null;
        for (Outcome o : outcomes) {
            if (o.blocks() && (chosen == null || waitOf(o) > waitOf(chosen))) {
                chosen = o;
            }
        }
        return chosen;
    }

    private static long waitOf(Outcome o) {
        long retry = o.decision().retryAfterMillis();
        return retry == Decision.NEVER ? Long.MAX_VALUE : retry;
    }
}
