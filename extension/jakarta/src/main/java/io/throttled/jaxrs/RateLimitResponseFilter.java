package io.throttled.jaxrs;

import io.throttled.cdi.Outcome;
import io.throttled.cdi.PlannedCheck;
import io.throttled.cdi.RequestDecisions;
import io.throttled.route.Route;
import jakarta.annotation.Priority;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * After the response is known: decides the routes of a request no resource took (a 404 for an unknown path
 * is then replaced by the 429 when a route denies), charges the checks whose count condition the status
 * meets, and puts the rate-limit headers of every decision made during the request on the response (the
 * resource's own, and those of {@code @Throttled} beans and EJBs it called).
 */
@Provider
@Priority(Priorities.HEADER_DECORATOR)
public class RateLimitResponseFilter implements ContainerResponseFilter {
    private final ExtensionBeans beans = new ExtensionBeans();

    @Override
    @SuppressWarnings("unchecked")
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        Optional<RequestDecisions> decisions = beans.current().decisions();
        List<Route> undecided = (List<Route>) request.getProperty(RouteMatchFilter.ROUTES);
        if (undecided != null) {
            request.removeProperty(RouteMatchFilter.ROUTES);
            if (decideUnmatched(request, response, undecided, decisions)) {
                return;
            }
        }
        List<Outcome> outcomes;
        if (decisions.isPresent()) {
            chargeByStatus(decisions.get(), response.getStatus());
            outcomes = decisions.get().outcomes();
        } else {
            // an asynchronous response completed on another thread, where the request scope is not active: the
            // outcomes the request filter left on the request (it never leaves checks to charge then)
            outcomes = (List<Outcome>) request.getProperty(ThrottledRequestFilter.OUTCOMES);
            if (outcomes == null) {
                return;
            }
        }
        if (outcomes.isEmpty()) {
            return;
        }
        MultivaluedMap<String, Object> headers = response.getHeaders();
        if (headers.containsKey(RateLimitHeaders.RATE_LIMIT) || headers.containsKey(RateLimitHeaders.LIMIT)) {
            return;   // a 429 that carries them already
        }
        RateLimitHeaders.write(beans.settings().headers(), outcomes, System.currentTimeMillis(), headers::add);
    }

    /** The routes of a request that reached no resource method; true when it was answered 429 here. */
    private boolean decideUnmatched(ContainerRequestContext request, ContainerResponseContext response, List<Route> routes,
                                    Optional<RequestDecisions> decisions) {
        Optional<String> peer = beans.current().request().map(HttpServletRequest::getRemoteAddr);
        JaxrsCallContext call = new JaxrsCallContext(request, peer, null);
        List<Outcome> outcomes = new ArrayList<>(routes.size());
        Optional<Outcome> blocking = RequestThrottling.decide(beans.throttler(),
                RequestThrottling.plan(beans.throttler(), routes, null, call), decisions, outcomes);
        if (blocking.isEmpty()) {
            return false;
        }
        Response denied = DeniedResponses.of(blocking.get(), outcomes, beans.settings().headers(),
                request.getUriInfo().getRequestUri().getPath());
        response.setStatus(denied.getStatus());
        response.getHeaders().clear();
        denied.getHeaders().forEach((name, values) -> response.getHeaders().addAll(name, values.toArray()));
        response.setEntity(denied.getEntity(), new Annotation[0], MediaType.valueOf(ProblemDetails.MEDIA_TYPE));
        return true;
    }

    /** Charges each check whose count condition this status meets; its outcome becomes the charge's. */
    private void chargeByStatus(RequestDecisions decisions, int status) {
        if (decisions.chargeLater().isEmpty()) {
            return;
        }
        for (PlannedCheck check : decisions.chargeLater()) {
            if (check.policy().rules().count().charges(status)) {
                Outcome charged = beans.throttler().charge(check);
                List<Outcome> outcomes = decisions.outcomes();
                for (int i = 0; i < outcomes.size(); i++) {
                    if (outcomes.get(i).policy().name().equals(charged.policy().name())
                            && outcomes.get(i).key().equals(charged.key())) {
                        outcomes.set(i, charged);
                    }
                }
            }
        }
        decisions.chargeLater().clear();
    }
}
