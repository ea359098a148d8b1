package io.throttled.jaxrs;

import io.throttled.cdi.Outcome;
import io.throttled.cdi.PlannedCheck;
import io.throttled.cdi.RequestDecisions;
import io.throttled.cdi.Throttler;
import io.throttled.config.PolicyDeclaration;
import io.throttled.config.PolicyRegistry;
import io.throttled.core.InvalidPolicyException;
import io.throttled.key.CallContext;
import io.throttled.route.Route;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Plans and decides the policies one HTTP request meets: its routes, then its method's own policy. */
final class RequestThrottling {
    private static final System.Logger LOG = System.getLogger(RequestThrottling.class.getName());

    private RequestThrottling() {
    }

    /** The checks of a request, routes first (in priority order), then the annotation's. */
    static List<PlannedCheck> plan(Throttler throttler, List<Route> routes, PolicyDeclaration annotated, CallContext call) {
        PolicyRegistry registry = throttler.policies();
        List<PlannedCheck> checks = new ArrayList<>(routes.size() + 1);
        for (Route route : routes) {
            try {
                checks.add(throttler.planner().plan(PlannedCheck.ROUTE, registry.resolve(registry.routeDeclaration(route.name())),
                        call));
            } catch (InvalidPolicyException e) {
                // a route whose policy was never valid (set in config after deployment): not in force, logged
                LOG.log(System.Logger.Level.ERROR, "throttled: route ''{0}'' is not in force: {1}", route.name(), e.getMessage());
            }
        }
        if (annotated != null) {
            checks.add(throttler.planner().plan(PlannedCheck.ANNOTATION, registry.resolve(annotated), call));
        }
        return checks;
    }

    /** Decides the checks, records the outcomes for the response's headers; the blocking one, if any. */
    static Optional<Outcome> decide(Throttler throttler, List<PlannedCheck> checks, Optional<RequestDecisions> request,
                                    List<Outcome> decided) {
        return decide(throttler, checks, request, decided, true);
    }

    /** @param wait false: a reservation is recorded, not waited out (the interceptor waits without a thread) */
    static Optional<Outcome> decide(Throttler throttler, List<PlannedCheck> checks, Optional<RequestDecisions> request,
                                    List<Outcome> decided, boolean wait) {
        List<PlannedCheck> later = new ArrayList<>(0);
        List<Outcome> outcomes = throttler.decideAll(checks, later, wait);
        decided.addAll(outcomes);
        request.ifPresent(r -> {
            outcomes.forEach(r::record);
            r.chargeLater().addAll(later);
        });
        return Optional.ofNullable(DeniedResponses.blocking(outcomes));
    }
}
