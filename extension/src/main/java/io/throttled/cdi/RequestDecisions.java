package io.throttled.cdi;

import jakarta.enterprise.context.RequestScoped;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * What was decided during the current HTTP request: the outcomes (their headers go on the response) and
 * the resource method the JAX-RS filter already decided for, so the interceptor around that same method
 * does not count the call twice.
 */
@RequestScoped
public class RequestDecisions {
    private final List<Outcome> outcomes = new ArrayList<>(2);
    private Method decidedByFilter;

    public void record(Outcome outcome) {
        outcomes.add(outcome);
    }

    public List<Outcome> outcomes() {
        return outcomes;
    }

    public void decidedByFilter(Method method) {
        this.decidedByFilter = method;
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
