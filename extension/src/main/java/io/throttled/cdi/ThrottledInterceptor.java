package io.throttled.cdi;

import io.throttled.Throttled;
import io.throttled.ThrottledException;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import java.lang.reflect.Method;
import java.util.Optional;

/**
 * Decides before a {@link Throttled} CDI bean or EJB method runs, and throws {@link ThrottledException}
 * when the call is denied (shadow-mode denials proceed). A JAX-RS resource method the request filter
 * has already decided for is not counted again.
 */
@Throttled
@Interceptor
@Priority(Interceptor.Priority.LIBRARY_BEFORE)
public class ThrottledInterceptor {
    @Inject
    Throttler throttler;

    @Inject
    CurrentCall current;

    @AroundInvoke
    public Object throttle(InvocationContext invocation) throws Exception {
        Method method = invocation.getMethod();
        Optional<RequestDecisions> request = current.decisions();
        if (request.isPresent() && request.get().takeFilterDecision(method)) {
            return invocation.proceed();
        }
        Class<?> target = invocation.getTarget() == null ? method.getDeclaringClass() : invocation.getTarget().getClass();
        Optional<Outcome> outcome = throttler.decide(method, target, current.context(method));
        if (outcome.isPresent()) {
            request.ifPresent(r -> r.record(outcome.get()));
            if (outcome.get().blocks()) {
                throw new ThrottledException(outcome.get().decision());
            }
        }
        return invocation.proceed();
    }
}
