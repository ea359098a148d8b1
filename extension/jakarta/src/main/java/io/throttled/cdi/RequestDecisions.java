package io.throttled.cdi;

import jakarta.enterprise.context.RequestScoped;
import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What was decided during the current HTTP request: the outcomes (their headers go on the response), the
 * checks to charge once the response's status is known (count conditions), and the resource method the
 * JAX-RS filter already decided for, so the interceptor around that same method does not count it twice (and
 * waits out the slot the filter reserved for it, when it is asynchronous).
 */
@RequestScoped
public class RequestDecisions {
    private static final String ATTRIBUTE = RequestDecisions.class.getName();

    private final List<Outcome> outcomes = new ArrayList<>(2);
    private final List<PlannedCheck> chargeLater = new ArrayList<>(0);
    private Method decidedByFilter;
    private Outcome waitInInterceptor;

    /** The decisions of this HTTP request, kept as one of its attributes (see {@link CurrentCall#decisions}). */
    static RequestDecisions of(HttpServletRequest request) {
        Object kept = request.getAttribute(ATTRIBUTE);
        if (kept instanceof RequestDecisions decisions) {
            return decisions;
        }
        RequestDecisions made = new RequestDecisions();
        request.setAttribute(ATTRIBUTE, made);
        return made;
    }

    public void record(Outcome outcome) {
        outcomes.add(outcome);
    }

    public List<Outcome> outcomes() {
        return outcomes;
    }

    /** Checks to charge after the response when it meets their count condition. */
    public List<PlannedCheck> chargeLater() {
        return chargeLater;
    }

    public void decidedByFilter(Method method) {
        this.decidedByFilter = method;
    }

    /**
     * The filter reserved a slot for a {@code CompletionStage} resource method and left the wait to the
     * interceptor, which waits without holding the request's thread.
     */
    public void waitInInterceptor(Outcome reserved) {
        this.waitInInterceptor = reserved;
    }

    /** The reservation the filter left for the interceptor to wait out, once. */
    public Optional<Outcome> takeWaitInInterceptor() {
        Optional<Outcome> reserved = Optional.ofNullable(waitInInterceptor);
        waitInInterceptor = null;
        return reserved;
    }

    /** True once for the method the filter decided for: that invocation is already counted. */
    public boolean takeFilterDecision(Method method) {
        if (method.equals(decidedByFilter)) {
            decidedByFilter = null;
            return true;
        }
        return false;
    }
}
