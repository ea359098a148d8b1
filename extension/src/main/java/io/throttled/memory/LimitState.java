package io.throttled.memory;

import io.throttled.core.Limit;

/**
 * The in-JVM state of one limit for one key, mirroring one Redis key of the same algorithm's script:
 * {@link #check} judges without changing what a later check sees, {@link #commit} writes what the last
 * check would take. Callers hold the bucket's lock.
 */
abstract class LimitState {

    abstract Verdict check(Limit limit, long now, long cost);

    abstract void commit(Limit limit, long now, long cost);

    /** When (µs) this state decides exactly like a fresh one: the Redis key's expiry. */
    abstract long freshAt();

    static long ceilMillis(long micros) {
        return Math.floorDiv(micros + 999, 1000);
    }
}
