package io.throttled;

import io.throttled.core.Decision;
import jakarta.ejb.ApplicationException;

/**
 * Thrown by the interceptor when a call to a {@link Throttled} bean or EJB is denied. Through JAX-RS it
 * becomes a 429 response with {@code Retry-After}; elsewhere, callers catch it and read the decision.
 *
 * <p>It is an EJB application exception that does not roll back: the method never ran, so a caller's
 * transaction has nothing to undo, and the exception reaches callers as itself, not wrapped.
 */
@ApplicationException(rollback = false)
public class ThrottledException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The denial, carried with the exception. */
    private final Decision decision;

    /**
     * An exception for a denied call; its message names the policy, the limit and the wait.
     *
     * @param decision the denial
     */
    public ThrottledException(Decision decision) {
        super(message(decision), null, false, false);   // thrown on a hot path: no stack trace
        this.decision = decision;
    }

    /** {@return the decision that denied the call} */
    public Decision decision() {
        return decision;
    }

    /** {@return how long until the same call would pass, in milliseconds, or {@link Decision#NEVER}} */
    public long retryAfterMillis() {
        return decision.retryAfterMillis();
    }

    private static String message(Decision decision) {
        if (decision.origin() == Decision.Origin.FAIL_CLOSED) {
            return "rate limiter unavailable for policy '" + decision.policy() + "': Redis failed and the failure"
                    + " mode is closed; retry in " + decision.retryAfterMillis() + " ms";
        }
        if (decision.canNeverSucceed()) {
            return "rate limit of policy '" + decision.policy() + "' (" + decision.limit()
                    + "): the call asks for more than the burst and can never pass";
        }
        return "rate limit of policy '" + decision.policy() + "' (" + decision.limit() + ") exceeded; retry in "
                + decision.retryAfterMillis() + " ms";
    }
}
