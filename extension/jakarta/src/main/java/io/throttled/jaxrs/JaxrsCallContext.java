package io.throttled.jaxrs;

import io.throttled.key.CallContext;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.lang.reflect.Method;
import java.security.Principal;
import java.util.List;
import java.util.Optional;

/** A JAX-RS request as key resolvers see it. */
final class JaxrsCallContext implements CallContext {
    private final ContainerRequestContext request;
    private final Optional<String> remoteAddress;
    private final Method method;

    JaxrsCallContext(ContainerRequestContext request, Optional<String> remoteAddress, Method method) {
        this.request = request;
        this.remoteAddress = remoteAddress;
        this.method = method;
    }

    @Override
    public Optional<String> principal() {
        Principal principal = request.getSecurityContext() == null ? null
                : request.getSecurityContext().getUserPrincipal();
        return Optional.ofNullable(principal).map(Principal::getName).filter(n -> !CallContext.isAnonymous(n));
    }

    @Override
    public Optional<String> queryParameter(String name) {
        return Optional.ofNullable(request.getUriInfo().getQueryParameters().getFirst(name));
    }

    @Override
    public boolean isUserInRole(String role) {
        return request.getSecurityContext() != null && request.getSecurityContext().isUserInRole(role);
    }

    @Override
    public Object principalObject() {
        return request.getSecurityContext() == null ? null : request.getSecurityContext().getUserPrincipal();
    }

    @Override
    public Optional<String> remoteAddress() {
        return remoteAddress;
    }

    @Override
    public List<String> headers(String name) {
        List<String> values = request.getHeaders().get(name);
        return values == null ? List.of() : values;
    }

    @Override
    public boolean hasRequest() {
        return true;
    }

    @Override
    public Method method() {
        return method;
    }
}
