package io.throttled.jaxrs;

import io.throttled.ThrottledException;
import io.throttled.cdi.Outcome;
import io.throttled.cdi.RequestDecisions;
import io.throttled.core.Policy;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.List;
import java.util.Optional;

/** A denied {@code @Throttled} bean or EJB called from a resource answers 429, as a denied resource would. */
@Provider
public class ThrottledExceptionMapper implements ExceptionMapper<ThrottledException> {
    private final ExtensionBeans beans = new ExtensionBeans();

    @Context
    UriInfo uri;

    @Override
    public Response toResponse(ThrottledException e) {
        List<Outcome> all = beans.current().decisions().map(d -> d.outcomes()).orElse(List.of());
        Optional<Outcome> recorded = all.stream().filter(o -> o.decision() == e.decision()).findFirst();
        Outcome outcome = recorded.orElseGet(() -> new Outcome(policyOf(e), "", e.decision()));
        // the headers of every policy the request met (its routes too), the problem of this denial
        return DeniedResponses.of(outcome, recorded.isPresent() ? all : List.of(outcome), beans.settings().headers(),
                uri == null ? null : uri.getRequestUri().getPath());
    }

    private Policy policyOf(ThrottledException e) {
        return beans.throttler().policies().resolve(e.decision().policy()).map(r -> r.policy())
                .orElseGet(() -> Policy.builder(e.decision().policy()).limit(e.decision().limit()).build());
    }
}
