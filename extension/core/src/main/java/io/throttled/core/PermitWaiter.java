package io.throttled.core;

/**
 * Waits out a reservation ({@link RateLimiter#reserve}) on the calling thread: sleeps the wait the store gave,
 * once, then lets the call proceed with nothing more asked of the store; no polling. An interrupted wait
 * gives the slot back ({@link RateLimiter#release}) and turns into a denial.
 */
public final class PermitWaiter {
    private static final System.Logger LOG = System.getLogger(PermitWaiter.class.getName());

    /** How the thread waits; tests pass their own, so no test sleeps. */
    @FunctionalInterface
    public interface Sleeper {
        /**
         * Waits this long.
         *
         * @param millis how long
         * @throws InterruptedException when the waiting thread is interrupted
         */
        void sleep(long millis) throws InterruptedException;
    }

    private final RateLimiter limiter;
    private final Sleeper sleeper;

    /**
     * A waiter giving slots back to this limiter.
     *
     * @param limiter the limiter that reserved the slots
     * @param sleeper how the thread waits
     */
    public PermitWaiter(RateLimiter limiter, Sleeper sleeper) {
        this.limiter = limiter;
        this.sleeper = sleeper;
    }

    /**
     * A waiter that sleeps the thread.
     *
     * @param limiter the limiter that reserved the slots
     * @return the waiter
     */
    public static PermitWaiter sleeping(RateLimiter limiter) {
        return new PermitWaiter(limiter, Thread::sleep);
    }

    /**
     * The decision to act on once any wait is over: {@code decision} itself when it reserved nothing or its wait
     * ran out, or, when the wait was interrupted, a denial (the slot given back, the thread's interrupt status
     * kept) whose retry-after is the wait that was left undone.
     *
     * @param policy   the policy the decision was made under
     * @param decision the decision, a reservation or not
     * @return the decision to act on
     */
    public Decision await(Policy policy, Decision decision) {
        if (!decision.reserved()) {
            return decision;
        }
        long wait = decision.waitMillis();   // at most max-wait: the store reserved nothing further
        try {
            sleeper.sleep(wait);
            return decision;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            giveBack(limiter, policy, decision.reservation());
            return gaveUp(decision);
        }
    }

    /** The denial of a waiter that gave its slot back: retry after the wait it did not do. */
    static Decision gaveUp(Decision reserved) {
        return new Decision(false, 0, Math.max(1, reserved.waitMillis()), reserved.resetAfterMillis(),
                reserved.limit(), reserved.policy(), reserved.origin());
    }

    /** A give-back that fails (Redis down) only leaves the slot taken: the limit holds either way. */
    static void giveBack(RateLimiter limiter, Policy policy, Reservation reservation) {
        try {
            limiter.release(policy, reservation);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "throttled: could not give back a slot of policy {0}: {1}",
                    policy.name(), e.toString());
        }
    }
}
