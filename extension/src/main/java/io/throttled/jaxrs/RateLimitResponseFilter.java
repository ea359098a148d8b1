package io.throttled.jaxrs;

import io.throttled.cdi.Outcome;
import io.throttled.cdi.RequestDecisions;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.ext.Provider;
import java.util.List;
import java.util.Optional;

/**
 * Puts the rate-limit headers of every decision made during the request on the response: the resource's
 * own, and those of {@code @Throttled} beans and EJBs it called.
 */
@Provider
@Priority(Priorities.HEADER_DECORATOR)
public class RateLimitResponseFilter implements ContainerResponseFilter {
    private final ExtensionBeans beans = new ExtensionBeans();

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        Optional<RequestDecisions> decisions = beans.current().decisions();
        if (decisions.isEmpty() || decisions.get().outcomes().isEmpty()
                || response.getHeaders().containsKey(RateLimitHeaders.RATE_LIMIT)
                || response.getHeaders().containsKey(RateLimitHeaders.LIMIT)) {
            return;   // nothing decided, or a 429 that carries them already
        }
        List<Outcome> outcomes = decisions.get().outcomes();
        RateLimitHeaders.of(beans.settings().headers(), outcomes, System.currentTimeMillis())
                .forEach((name, value) -> response.getHeaders().add(name, value));
    }
}
