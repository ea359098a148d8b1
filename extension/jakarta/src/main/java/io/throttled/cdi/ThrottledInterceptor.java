package io.throttled.cdi;

import io.throttled.Throttled;
import io.throttled.ThrottledException;
import io.throttled.core.AsyncRateLimiter;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.time.Instant;
import java.util.concurrent.CompletionStage;
import java.util.Optional;

/**
 * Decides before a {@link Throttled} CDI bean or EJB method runs, and throws {@link ThrottledException}
 * when the call is denied (shadow-mode denials proceed). A JAX-RS resource method the request filter
 * has already decided for is not counted again.
 *
 * <p>A call that must wait for its slot waits on its thread, except a CDI bean method returning a
 * {@code CompletionStage}: it gets a future at once, and the method runs on the scheduler's thread when the slot
 * comes ({@link AsyncWait}). An EJB's method always waits on its thread: once the interceptor returns, the
 * container ends the call (transaction, pooled instance), so the method cannot run later outside it.
 *
 * <p>A policy with a {@code penalty} (on a Rest Client method, typically) watches how the call ends: a partner's 429
 * with Retry-After pushes the bucket on for every node ({@link PartnerBackoff}).
 */
@Throttled
@Interceptor
@Priority(Interceptor.Priority.LIBRARY_BEFORE)
public class ThrottledInterceptor {
    @Inject
    Throttler throttler;

    @Inject
    CurrentCall current;

    @Inject
    AsyncRateLimiter async;

    @AroundInvoke
    public Object throttle(InvocationContext invocation) throws Exception {
        Method method = invocation.getMethod();
        Optional<RequestDecisions> request = current.decisions();
        if (request.isPresent() && request.get().takeFilterDecision(method)) {
            Optional<Outcome> reserved = request.get().takeWaitInInterceptor();
            if (reserved.isPresent()) {   // a CompletionStage resource method: the filter reserved, we wait
                return AsyncWait.proceedAfter(async.await(reserved.get().policy(), reserved.get().decision()), invocation);
            }
            return invocation.proceed();
        }
        Class<?> target = invocation.getTarget() == null ? method.getDeclaringClass() : invocation.getTarget().getClass();
        boolean waitsAsync = AsyncWait.applies(method) && !isEnterpriseBean(target);
        Optional<Outcome> outcome = waitsAsync ? throttler.decideWithoutWaiting(method, target, current.context(method))
                : throttler.decide(method, target, current.context(method));
        if (outcome.isEmpty()) {
            return invocation.proceed();
        }
        request.ifPresent(r -> r.record(outcome.get()));
        if (outcome.get().blocks()) {
            throw new ThrottledException(outcome.get().decision());
        }
        // otherwise the wait is over already (this thread slept it)
        boolean waitHere = waitsAsync && outcome.get().decision().reserved();
        if (throttler.penaltyMillis(outcome.get()) == 0) {
            return waitHere ? proceedAfterTheWait(invocation, outcome.get()) : invocation.proceed();
        }
        return proceedWatchingThePartner(invocation, outcome.get(), waitHere);
    }

    private Object proceedAfterTheWait(InvocationContext invocation, Outcome outcome) {
        return AsyncWait.proceedAfter(async.await(outcome.policy(), outcome.decision()), invocation);
    }

    /**
     * Proceeds, and when the partner answers 429 with Retry-After (thrown, returned, or ending the returned
     * stage), pushes the policy's bucket on by that wait ({@link Throttler#penalize}): every node backs off.
     */
    private Object proceedWatchingThePartner(InvocationContext invocation, Outcome outcome, boolean waitHere)
            throws Exception {
        Object result;
        try {
            result = waitHere ? proceedAfterTheWait(invocation, outcome) : invocation.proceed();
        } catch (Exception | Error e) {
            backOff(outcome, null, e);
            throw e;
        }
        if (result instanceof CompletionStage<?> stage) {
            stage.whenComplete((value, failure) -> backOff(outcome, value, failure));
        } else {
            backOff(outcome, result, null);
        }
        return result;
    }

    private void backOff(Outcome outcome, Object result, Throwable failure) {
        PartnerBackoff.retryAfterMillis(result, failure, Instant.now()).ifPresent(wait -> throttler.penalize(outcome, wait));
    }

    /** Stateless, singleton and stateful beans, by name: the EJB API may be absent from the server. */
    static boolean isEnterpriseBean(Class<?> type) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Annotation a : c.getDeclaredAnnotations()) {
                String name = a.annotationType().getName();
                if (name.equals("jakarta.ejb.Stateless") || name.equals("jakarta.ejb.Singleton")
                        || name.equals("jakarta.ejb.Stateful")) {
                    return true;
                }
            }
        }
        return false;
    }

}
