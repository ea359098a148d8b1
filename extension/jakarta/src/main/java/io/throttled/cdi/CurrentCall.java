package io.throttled.cdi;

import io.throttled.key.CallContext;
import io.throttled.servlet.ServletRequests;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.Method;
import java.security.Principal;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The HTTP request and caller of the current thread, when there are any: a call from a timer or a message
 * listener has neither, and must still be decided.
 */
@ApplicationScoped
public class CurrentCall {
    @Inject
    Instance<HttpServletRequest> requests;

    @Inject
    Instance<Principal> principals;

    @Inject
    Instance<RequestDecisions> decisions;

    @Inject
    BeanManager beans;

    /*
     * Both beans are request-scoped, so one client proxy serves every request: resolved once, not per call
     * (Instance.get() on each request cost about 5 % of a throttled request's server CPU in a profile on Liberty).
     * A container whose servlet-request bean is not normal-scoped gets it resolved per call, as before.
     */
    private volatile Optional<HttpServletRequest> requestProxy;
    private volatile RequestDecisions decisionsProxy;

    /** The servlet request being served, if this call runs inside one. */
    public Optional<HttpServletRequest> request() {
        HttpServletRequest direct = ServletRequests.current();
        if (direct != null) {
            return Optional.of(direct);   // inside the extension's servlet filter: no proxy, no probe
        }
        Optional<HttpServletRequest> resolved = requestProxy;
        if (resolved == null) {
            if (!requests.isResolvable()) {
                return Optional.empty();
            }
            resolved = Optional.of(requests.get());
            if (beans.isNormalScope(requests.getHandle().getBean().getScope())) {
                requestProxy = resolved;
            }
        }
        if (resolved.isEmpty()) {
            return resolved;
        }
        try {
            resolved.get().getRemoteAddr();   // fails when no request is active
            return resolved;
        } catch (RuntimeException noRequest) {
            return Optional.empty();
        }
    }

    /**
     * The request's record of decisions, if a request context is active. In an HTTP request it is an attribute of
     * the servlet request (made on first use), whichever thread asks: the request-scoped bean would cost Weld a
     * contextual instance per request (about a third of the request filter's CPU in a profile on Liberty). Outside
     * one (a timer, a message, an asynchronous EJB with its own request context) it is the request-scoped bean.
     */
    public Optional<RequestDecisions> decisions() {
        Optional<HttpServletRequest> http = request();
        if (http.isPresent()) {
            return Optional.of(RequestDecisions.of(http.get()));
        }
        try {
            RequestDecisions current = decisionsProxy;
            if (current == null) {
                current = decisions.get();
                decisionsProxy = current;
            }
            current.outcomes();   // fails when no request context is active
            return Optional.of(current);
        } catch (RuntimeException noRequestContext) {
            return Optional.empty();
        }
    }

    /** The caller's name from the request, else from the container's security context. */
    public Optional<String> principal(Optional<HttpServletRequest> request) {
        try {
            Principal principal = request.map(HttpServletRequest::getUserPrincipal)
                    .orElseGet(() -> principals.isResolvable() ? principals.get() : null);
            return Optional.ofNullable(principal).map(Principal::getName).filter(n -> !CallContext.isAnonymous(n));
        } catch (RuntimeException noSecurityContext) {
            return Optional.empty();
        }
    }

    /** What key resolvers may read about a call to this method from here. */
    public CallContext context(Method method) {
        Optional<HttpServletRequest> request = request();
        Optional<String> principal = principal(request);
        return new CallContext() {
            @Override
            public Optional<String> principal() {
                return principal;
            }

            @Override
            public Optional<String> remoteAddress() {
                return request.map(HttpServletRequest::getRemoteAddr);
            }

            @Override
            public List<String> headers(String name) {
                return request.<List<String>>map(r -> Collections.list(r.getHeaders(name))).orElse(List.of());
            }

            @Override
            public boolean hasRequest() {
                return request.isPresent();
            }

            @Override
            public Optional<String> queryParameter(String name) {
                return request.map(r -> io.throttled.key.QueryStrings.first(r.getQueryString(), name));
            }

            @Override
            public boolean isUserInRole(String role) {
                try {
                    return request.map(r -> r.isUserInRole(role)).orElse(false);
                } catch (RuntimeException noSecurityContext) {
                    return false;
                }
            }

            @Override
            public Object principalObject() {
                try {
                    return request.map(HttpServletRequest::getUserPrincipal).orElse(null);
                } catch (RuntimeException noSecurityContext) {
                    return null;
                }
            }

            @Override
            public Method method() {
                return method;
            }
        };
    }
}
