package io.throttled.jaxrs;

import io.throttled.cdi.Outcome;
import io.throttled.config.HeaderStyle;
import io.throttled.core.Decision;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Set;

/**
 * The answer to a denied call: 429 with Retry-After, the rate-limit headers and a problem+json body; or,
 * when Redis failed and the failure mode is {@code closed}, 503 with Retry-After (the limit is unknown).
 */
final class DeniedResponses {
    private DeniedResponses() {
    }

    static Response of(Outcome outcome, Set<HeaderStyle> styles, String path) {
        boolean unavailable = outcome.decision().origin() == Decision.Origin.FAIL_CLOSED;
        Response.ResponseBuilder response = Response.status(unavailable ? 503 : 429)
                .type(ProblemDetails.MEDIA_TYPE)
                .entity(unavailable ? ProblemDetails.unavailable(outcome.decision(), path)
                        : ProblemDetails.rateLimited(outcome.decision(), path));
        RateLimitHeaders.retryAfterSeconds(outcome.decision())
                .ifPresent(seconds -> response.header(RateLimitHeaders.RETRY_AFTER, seconds));
        RateLimitHeaders.of(styles, List.of(outcome), System.currentTimeMillis()).forEach(response::header);
        return response.build();
    }
}
