package io.throttled.core;

/**
 * The answer to one request for tokens.
 *
 * @param allowed          whether the call may proceed (for a peek, always true)
 * @param remaining        what is left to take under the deciding limit, after this call
 * @param retryAfterMillis when denied, how long until the same request would pass (if nothing else is
 *                         taken meanwhile); {@link #NEVER} when it can never pass; 0 when allowed
 * @param resetAfterMillis how long until the deciding limit is fully restored
 * @param limit            the limit that decided: when denied the one that must wait longest, when allowed
 *                         the one with the least left
 * @param policy           the name of the policy
 */
public record Decision(
        boolean allowed,
        long remaining,
        long retryAfterMillis,
        long resetAfterMillis,
        Limit limit,
        String policy) implements java.io.Serializable {

    /** The retry-after of a request larger than a burst: waiting does not help. */
    public static final long NEVER = -1;

    /** True when the request asked for more than the deciding limit's burst, so no wait can admit it. */
    public boolean canNeverSucceed() {
        return !allowed && retryAfterMillis == NEVER;
    }

    @Override
    public String toString() {
        String verdict = allowed ? "allowed" : canNeverSucceed() ? "denied (can never succeed)" : "denied";
        return "Decision[" + policy + " " + limit + ": " + verdict + ", remaining=" + remaining
                + ", retryAfter=" + retryAfterMillis + "ms, resetAfter=" + resetAfterMillis + "ms]";
    }
}
