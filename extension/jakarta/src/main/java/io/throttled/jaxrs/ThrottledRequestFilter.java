package io.throttled.jaxrs;

import io.throttled.cdi.AsyncWait;
import io.throttled.cdi.CurrentCall;
import io.throttled.cdi.Outcome;
import io.throttled.cdi.RequestDecisions;
import io.throttled.config.AnnotatedPolicies;
import io.throttled.config.PolicyDeclaration;
import io.throttled.route.Route;
import jakarta.annotation.Priority;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Decides before a resource method runs: the routes the request matched and the method's own
 * {@code @Throttled} policy, together; a denied, enforced call is answered 429 at once, with the headers of
 * every policy met. Runs after authentication, so principal keys, roles and tiers know the caller.
 */
@Priority(Priorities.AUTHENTICATION + 100)
final class ThrottledRequestFilter implements ContainerRequestFilter {
    /** The outcomes of a request whose response may complete outside its request scope (a waited-for stage). */
    static final String OUTCOMES = "io.throttled.outcomes";
    private static final System.Logger LOG = System.getLogger(ThrottledRequestFilter.class.getName());
    private final Method method;
    private final Class<?> resourceClass;
    private final boolean annotated;
    private final ExtensionBeans beans;
    private volatile Boolean waitsInInterceptor;
    private volatile PolicyDeclaration declaration;

    ThrottledRequestFilter(Method method, Class<?> resourceClass, ExtensionBeans beans) {
        this.method = method;
        this.resourceClass = resourceClass;
        this.annotated = AnnotatedPolicies.find(method, resourceClass) != null;
        this.beans = beans;
    }

    /**
     * Whether the method returns a {@code CompletionStage} and the interceptor runs around it (its class is a CDI
     * bean, as Liberty makes every resource class): only then can the wait move there, or nothing would wait.
     */
    private boolean waitsInInterceptor() {
        Boolean known = waitsInInterceptor;
        if (known == null) {
            boolean asynchronous = AsyncWait.applies(method);
            known = asynchronous && beans.isBean(resourceClass);
            if (asynchronous && !known && annotated) {
                LOG.log(System.Logger.Level.INFO, "throttled: " + resourceClass.getName() + "#" + method.getName()
                        + " answers asynchronously, but this server does not make its class a CDI bean, so the"
                        + " interceptor does not run around it: a call that waits for its slot (max-wait) holds the"
                        + " request's thread meanwhile. Give the class a bean-defining annotation (@RequestScoped) to"
                        + " wait without a thread.");
            }
            waitsInInterceptor = known;
        }
        return known;
    }

    /** The method's declaration, the registry's for as long as this filter lives (one deployment), looked up once. */
    private PolicyDeclaration declaration() {
        PolicyDeclaration known = declaration;
        if (known == null) {
            known = beans.throttler().policies().declarationFor(method, resourceClass).orElse(null);
            declaration = known;   // null again when none: looked up again next time, as before
        }
        return known;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void filter(ContainerRequestContext request) {
        List<Route> routes = (List<Route>) request.getProperty(RouteMatchFilter.ROUTES);
        if (routes == null && !annotated) {
            return;   // the common case of an unlimited method: nothing to do
        }
        request.removeProperty(RouteMatchFilter.ROUTES);   // decided here, not again after the response
        CurrentCall current = beans.current();
        Optional<String> peer = current.request().map(HttpServletRequest::getRemoteAddr);
        PolicyDeclaration declaration = annotated ? declaration() : null;
        JaxrsCallContext call = new JaxrsCallContext(request, peer, method);
        Optional<RequestDecisions> decisions = current.decisions();
        List<Outcome> outcomes = new ArrayList<>(2);
        // a CompletionStage method the interceptor wraps waits there, without this thread: here it only reserves
        boolean waitHere = declaration == null || decisions.isEmpty() || !waitsInInterceptor();
        Optional<Outcome> blocking = RequestThrottling.decide(beans.throttler(),
                RequestThrottling.plan(beans.throttler(), routes == null ? List.of() : routes, declaration, call),
                decisions, outcomes, waitHere);
        if (declaration != null) {
            decisions.ifPresent(d -> d.decidedByFilter(method));
            if (!waitHere) {
                outcomes.stream().filter(o -> o.decision().reserved()).findFirst().ifPresent(reserved -> {
                    decisions.get().waitInInterceptor(reserved);
                    request.setProperty(OUTCOMES, List.copyOf(decisions.get().outcomes()));
                });
            }
        }
        blocking.ifPresent(denied -> request.abortWith(DeniedResponses.of(denied, outcomes, beans.settings().headers(),
                request.getUriInfo().getRequestUri().getPath())));
    }
}
