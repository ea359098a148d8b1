package io.throttled.jaxrs;

import io.throttled.cdi.CurrentCall;
import io.throttled.cdi.Outcome;
import io.throttled.cdi.RequestDecisions;
import jakarta.annotation.Priority;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import java.lang.reflect.Method;
import java.util.Optional;

/**
 * Decides before a {@code @Throttled} resource method runs; a denied, enforced call is answered 429 at
 * once. Runs after authentication, so principal keys know the caller.
 */
@Priority(Priorities.AUTHENTICATION + 100)
final class ThrottledRequestFilter implements ContainerRequestFilter {
    private final Method method;
    private final Class<?> resourceClass;
    private final ExtensionBeans beans;

    ThrottledRequestFilter(Method method, Class<?> resourceClass, ExtensionBeans beans) {
        this.method = method;
        this.resourceClass = resourceClass;
        this.beans = beans;
    }

    @Override
    public void filter(ContainerRequestContext request) {
        CurrentCall current = beans.current();
        Optional<String> peer = current.request().map(HttpServletRequest::getRemoteAddr);
        Optional<Outcome> outcome = beans.throttler().decide(method, resourceClass,
                new JaxrsCallContext(request, peer, method));
        if (outcome.isEmpty()) {
            return;
        }
        Optional<RequestDecisions> decisions = current.decisions();
        decisions.ifPresent(d -> {
            d.record(outcome.get());
            d.decidedByFilter(method);
        });
        if (outcome.get().blocks()) {
            request.abortWith(DeniedResponses.of(outcome.get(), beans.settings().headers(),
                    request.getUriInfo().getRequestUri().getPath()));
        }
    }
}
