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
 * @param origin           what made the decision: the store, or a fallback while the store failed
 * @param reservation      when allowed only after waiting ({@link RateLimiter#reserve}), the slot reserved: the
 *                         call proceeds after {@link #waitMillis()}; null for every other decision
 * @serial exclude
 */
// @serial exclude: javadoc 17's doclint wants a comment of its own on each component of a serializable record,
// where the @param tags above are the only place for one (later JDKs read those).
public record Decision(
        boolean allowed,
        long remaining,
        long retryAfterMillis,
        long resetAfterMillis,
        Limit limit,
        String policy,
        Origin origin,
        Reservation reservation) implements java.io.Serializable {

    /** The retry-after of a request larger than a burst: waiting does not help. */
    public static final long NEVER = -1;

    /** What made a decision. */
    public enum Origin {
        /** The configured store (Redis, or the in-JVM store when no Redis is configured). */
        STORE,
        /** This node's memory of a recent denial by the store (the over-limit cache). */
        OVER_LIMIT_CACHE,
        /**
         * Allowed from a lease: tokens this node took from the store's bucket in advance for a hot key
         * ({@code lease=auto}), admitted here without a store call.
         */
        LEASE,
        /** The in-JVM store, because Redis failed (failure mode {@code local}). */
        LOCAL_FALLBACK,
        /** Allowed without deciding, because Redis failed (failure mode {@code open}). */
        FAIL_OPEN,
        /** Denied without deciding, because Redis failed (failure mode {@code closed}). */
        FAIL_CLOSED,
        /**
         * Not decided: another request of the same group ({@link RateLimiter#acquireTogether}) was denied by
         * the over-limit cache, so the store was not asked and nothing was taken. Allowed only in that this
         * policy did not refuse; its numbers (a full burst, no wait) describe no state.
         */
        SKIPPED
    }

    /**
     * A decision made at once (no reservation).
     *
     * @param allowed          whether the call may proceed
     * @param remaining        what is left under the deciding limit
     * @param retryAfterMillis how long until the same request would pass, {@link #NEVER}, or 0 when allowed
     * @param resetAfterMillis how long until the deciding limit is fully restored
     * @param limit            the limit that decided
     * @param policy           the name of the policy
     * @param origin           what made the decision
     */
    public Decision(boolean allowed, long remaining, long retryAfterMillis, long resetAfterMillis, Limit limit,
                    String policy, Origin origin) {
        this(allowed, remaining, retryAfterMillis, resetAfterMillis, limit, policy, origin, null);
    }

    /**
     * A decision of the store itself ({@link Origin#STORE}).
     *
     * @param allowed          whether the call may proceed
     * @param remaining        what is left under the deciding limit
     * @param retryAfterMillis how long until the same request would pass, {@link #NEVER}, or 0 when allowed
     * @param resetAfterMillis how long until the deciding limit is fully restored
     * @param limit            the limit that decided
     * @param policy           the name of the policy
     */
    public Decision(boolean allowed, long remaining, long retryAfterMillis, long resetAfterMillis, Limit limit,
                    String policy) {
        this(allowed, remaining, retryAfterMillis, resetAfterMillis, limit, policy, Origin.STORE);
    }

    /**
     * The decision of a request skipped because another of its group was denied ({@link Origin#SKIPPED}).
     *
     * @param policy the skipped request's policy
     * @return allowed, its first limit's full burst, no wait
     */
    public static Decision skipped(Policy policy) {
        Limit first = policy.limits().get(0);
        return new Decision(true, first.burst(), 0, 0, first, policy.name(), Origin.SKIPPED);
    }

    /** {@return true when the store, its memory of a denial, or a lease of its tokens decided: not a failure mode, not skipped} */
    public boolean decidedByStore() {
        return origin == Origin.STORE || origin == Origin.OVER_LIMIT_CACHE || origin == Origin.LEASE;
    }

    /** {@return whether the numbers describe a bucket (any store's), so they may be shown to the client} */
    public boolean reportsState() {
        return origin != Origin.FAIL_OPEN && origin != Origin.FAIL_CLOSED && origin != Origin.SKIPPED;
    }

    /**
     * The same decision, made by another origin.
     *
     * @param value what made it
     * @return a copy with that origin
     */
    public Decision withOrigin(Origin value) {
        return new Decision(allowed, remaining, retryAfterMillis, resetAfterMillis, limit, policy, value, reservation);
    }

    /**
     * How long the call must wait before it proceeds: 0 unless a slot was reserved for it. A reservation is
     * allowed: the call will proceed, after the wait, with nothing more asked of the store.
     *
     * @return the wait in milliseconds, 0 for none
     */
    public long waitMillis() {
        return reservation == null ? 0 : reservation.waitMillis();
    }

    /** {@return true when the call was admitted for a slot it must wait for} */
    public boolean reserved() {
        return reservation != null;
    }

    /** {@return true when the request asked for more than the deciding limit's burst, so no wait can admit it} */
    public boolean canNeverSucceed() {
        return !allowed && retryAfterMillis == NEVER;
    }

    @Override
    public String toString() {
        String verdict = reserved() ? "allowed after " + waitMillis() + "ms" : allowed ? "allowed" : canNeverSucceed() ? "denied (can never succeed)" : "denied";
        return "Decision[" + policy + " " + limit + ": " + verdict + ", remaining=" + remaining
                + ", retryAfter=" + retryAfterMillis + "ms, resetAfter=" + resetAfterMillis + "ms"
                + (origin == Origin.STORE ? "" : ", by " + origin) + "]";
    }
}
