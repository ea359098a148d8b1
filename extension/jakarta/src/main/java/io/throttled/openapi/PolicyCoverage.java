package io.throttled.openapi;

import io.throttled.config.PolicyDeclaration;
import io.throttled.config.PolicyRegistry;
import io.throttled.core.InvalidPolicyException;
import io.throttled.route.Route;
import io.throttled.route.RouteTable;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which policies may decide the requests of a documented operation, in the order the request filter decides
 * them: the routes whose pattern and methods match the operation's path template (a route that matches only
 * some values of a path parameter, such as {@code /api/orders/42}, does not), then the {@code @Throttled}
 * policy of each resource method documented under that path and method. A policy of a CDI bean the resource
 * calls is invisible here: nothing in the document says which beans a method calls.
 */
final class PolicyCoverage {
    private static final System.Logger LOG = System.getLogger(PolicyCoverage.class.getName());

    private final PolicyRegistry policies;
    private final RouteTable routes;
    private final ResourceOperations resources;

    PolicyCoverage(PolicyRegistry policies, RouteTable routes, ResourceOperations resources) {
        this.policies = policies;
        this.routes = routes;
        this.resources = resources;
    }

    /** @param path the operation's path template, as the document lists it (under the context root) */
    List<CoveringPolicy> of(String httpMethod, String path) {
        List<CoveringPolicy> covering = new ArrayList<>();
        for (Route route : routes.match(httpMethod, path)) {
            try {
                covering.add(new CoveringPolicy(policies.resolve(policies.routeDeclaration(route.name())), route));
            } catch (InvalidPolicyException e) {
                // as the request filter: a route whose policy never was valid is not in force
                LOG.log(System.Logger.Level.DEBUG, "throttled: route ''{0}'' is not in force: {1}", route.name(), e.getMessage());
            }
        }
        Set<String> annotated = new LinkedHashSet<>();
        for (ResourceOperations.Endpoint endpoint : resources.find(httpMethod, path)) {
            Optional<PolicyDeclaration> declared = policies.declarationFor(endpoint.method(), endpoint.resourceClass());
            if (declared.isPresent() && annotated.add(declared.get().name())) {
                covering.add(new CoveringPolicy(policies.resolve(declared.get()), null));
            }
        }
        return covering;
    }
}
