package io.throttled.core;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Waits for permits without holding a thread: a reservation's wait ({@link RateLimiter#reserve}) is a timer on a
 * scheduler, and the returned future completes with the decision when the slot has come. Cancelling the future
 * before then gives the slot back ({@link RateLimiter#release}); the future completes as cancelled.
 *
 * <p>Deciding and reserving is one synchronous store call on the caller's thread (Jedis has no asynchronous
 * API); only the wait is asynchronous. Whatever is chained to a future without an executor of its own runs on
 * the scheduler's thread when the slot comes: keep it short, or chain with {@code thenApplyAsync(fn, executor)}.
 */
public final class AsyncRateLimiter implements AutoCloseable {

    /** Runs a task after a delay; the returned future cancels it. Tests pass one they drive by hand. */
    @FunctionalInterface
    public interface Scheduler {
        /**
         * Runs a task once, after a delay.
         *
         * @param task        what to run
         * @param delayMillis how long from now
         * @return the scheduled task, to cancel it
         */
        Future<?> schedule(Runnable task, long delayMillis);
    }

    private final RateLimiter limiter;
    private final Scheduler scheduler;
    /** The waits not over yet, so that {@link #close} can end them and give their slots back. */
    private final Map<CompletableFuture<Decision>, Decision> waiting = new ConcurrentHashMap<>();
    private volatile boolean closed;

    /**
     * A limiter whose waits run on this scheduler.
     *
     * @param limiter   the limiter that reserves and gives back slots
     * @param scheduler what completes a wait when its slot comes
     */
    public AsyncRateLimiter(RateLimiter limiter, Scheduler scheduler) {
        this.limiter = limiter;
        this.scheduler = scheduler;
    }

    /**
     * Waits on {@code executor} (a container's managed scheduled executor, or one the caller owns and stops).
     *
     * @param limiter  the limiter that reserves and gives back slots
     * @param executor the executor the waits are timers on
     * @return the asynchronous limiter
     */
    public static AsyncRateLimiter on(RateLimiter limiter, ScheduledExecutorService executor) {
        return new AsyncRateLimiter(limiter, (task, delay) -> executor.schedule(task, delay, TimeUnit.MILLISECONDS));
    }

    /** {@return the limiter that reserves and gives back slots} */
    public RateLimiter limiter() {
        return limiter;
    }

    /**
     * {@link #acquire(Policy, String, long)} for the policy's own cost.
     *
     * @param policy the policy
     * @param key    the client's key
     * @return the decision to act on, once any wait is over
     */
    public CompletableFuture<Decision> acquire(Policy policy, String key) {
        return acquire(policy, key, policy.cost());
    }

    /**
     * Reserves as {@link RateLimiter#reserve} does, then waits for the slot without holding a thread. A decision
     * made at once (allowed, denied, or a policy without max-wait) comes as an already completed future.
     *
     * @param policy the policy
     * @param key    the client's key
     * @param cost   tokens to take
     * @return the decision to act on, once any wait is over
     */
    public CompletableFuture<Decision> acquire(Policy policy, String key, long cost) {
        return await(policy, limiter.reserve(policy, key, cost));
    }

    /**
     * A future of the decision to act on: {@code decision} itself, at once when it reserved nothing, else once its
     * wait is over. Cancelled before then, the slot is given back. When this limiter is closed (the application
     * stops) before the slot comes, the slot is given back and the future completes with a denial whose
     * retry-after is the wait.
     *
     * @param policy   the policy the decision was made under
     * @param decision the decision, a reservation or not
     * @return the decision to act on, once any wait is over
     */
    public CompletableFuture<Decision> await(Policy policy, Decision decision) {
        if (!decision.reserved()) {
            return CompletableFuture.completedFuture(decision);
        }
        CompletableFuture<Decision> result = new CompletableFuture<>();
        waiting.put(result, decision);
        Future<?> timer;
        try {
            if (closed) {
                throw new RejectedExecutionException("closed");
            }
            timer = scheduler.schedule(() -> result.complete(decision), decision.waitMillis());
        } catch (RejectedExecutionException | IllegalStateException e) {   // stopping: the wait cannot be kept
            // (a managed executor of a stopping application may refuse either way)
            waiting.remove(result);
            PermitWaiter.giveBack(limiter, policy, decision.reservation());
            return CompletableFuture.completedFuture(PermitWaiter.gaveUp(decision));
        }
        result.whenComplete((d, failure) -> {
            waiting.remove(result);
            // the timer completes with the reserved decision; any other ending (cancelled, or denied by close)
            // did not wait its slot out, so the slot goes back. complete() and cancel() race: one wins.
            if (d != decision) {
                timer.cancel(false);
                PermitWaiter.giveBack(limiter, policy, decision.reservation());
            }
        });
        if (closed) {   // closed between the check and the timer: end it as close() does
            result.complete(PermitWaiter.gaveUp(decision));
        }
        return result;
    }

    /** {@return how many waits are not over yet} */
    public int waiting() {
        return waiting.size();
    }

    /**
     * Ends every wait not over yet, each giving its slot back and completing with a denial: a stopping
     * application keeps no timer and no caller waiting for a call that will never run. Call it before the store
     * closes (the give-backs use it). Further waits are refused the same way.
     */
    @Override
    public void close() {
        closed = true;
        // latest slot first: a give-back returns only the last reservation, so backwards they all return
        List<Map.Entry<CompletableFuture<Decision>, Decision>> waits = new ArrayList<>(waiting.entrySet());
        waits.sort(Comparator.comparingLong(
                (Map.Entry<CompletableFuture<Decision>, Decision> w) -> w.getValue().reservation().slotMicros()).reversed());
        for (Map.Entry<CompletableFuture<Decision>, Decision> wait : waits) {
            wait.getKey().complete(PermitWaiter.gaveUp(wait.getValue()));
        }
    }
}
