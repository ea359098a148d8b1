package io.throttled.core;

/**
 * How a policy's calls may wait for a permit instead of being denied: a call whose slot comes within
 * {@code maxWaitMillis} reserves it and waits; {@code maxWaiters} bounds how many calls wait at once per key.
 *
 * @param maxWaitMillis the longest a call may wait for its slot; 0 = never wait (deny at once)
 * @param maxWaiters    the most calls waiting at once for one key; 0 = no bound of its own (max-wait × rate
 *                      bounds them)
 * @serial exclude
 */
// @serial exclude: as for Decision, javadoc 17 wants a comment on each component of a serializable record
public record Waiting(long maxWaitMillis, long maxWaiters) implements java.io.Serializable {
    /** A policy that never waits: today's behaviour. */
    public static final Waiting NONE = new Waiting(0, 0);
    /** Synchronous waits hold a thread: an hour is far beyond any sensible wait. */
    public static final long MAX_WAIT_MILLIS = 3_600_000;
    /** The waiters of one key are a sorted set in Redis: beyond this it is a queue, not a wait. */
    public static final long MAX_WAITERS = 1_000_000;

    /** {@return whether calls may wait at all} */
    public boolean waits() {
        return maxWaitMillis > 0;
    }

    /** {@return whether the number of waiters is counted and bounded (a companion key in Redis)} */
    public boolean bounded() {
        return waits() && maxWaiters > 0;
    }
}
