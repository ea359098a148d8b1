package io.throttled.jaxrs;

import io.throttled.cdi.Outcome;
import io.throttled.config.HeaderStyle;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Set;

/** The 429 answer to a denied call: Retry-After, the rate-limit headers and a problem+json body. */
final class DeniedResponses {
    private DeniedResponses() {
    }

    static Response of(Outcome outcome, Set<HeaderStyle> styles, String path) {
        Response.ResponseBuilder response = Response.status(429)
                .type(ProblemDetails.MEDIA_TYPE)
                .entity(ProblemDetails.rateLimited(outcome.decision(), path));
        RateLimitHeaders.retryAfterSeconds(outcome.decision())
                .ifPresent(seconds -> response.header(RateLimitHeaders.RETRY_AFTER, seconds));
        RateLimitHeaders.of(styles, List.of(outcome), System.currentTimeMillis()).forEach(response::header);
        return response.build();
    }
}
