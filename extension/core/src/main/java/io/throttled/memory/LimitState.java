package io.throttled.memory;

import io.throttled.core.ExactArithmetic;
import io.throttled.core.Limit;

/**
 * The in-JVM state of one limit for one key, mirroring one Redis key of the same algorithm's script:
 * {@link #check} judges without changing what a later check sees, {@link #commit} writes what the last
 * check would take. Callers hold the bucket's lock.
 */
abstract class LimitState {
    /** The limit {@link #w} and {@link #q} belong to: two gcds per call cost as much as the rest of a check. */
    private Limit reducedFor;
    /** W' of {@link #reducedFor} ({@link io.throttled.core.ExactArithmetic#reducedWindow}). */
    long w;
    /** Q' of {@link #reducedFor} ({@link io.throttled.core.ExactArithmetic#reducedQuantity}). */
    long q;

    /** Sets {@link #w} and {@link #q} for {@code limit}, computing them only when the limit changed. */
    final void reduce(Limit limit) {
        if (limit != reducedFor) {
            w = ExactArithmetic.reducedWindow(limit);
            q = ExactArithmetic.reducedQuantity(limit);
            reducedFor = limit;
        }
    }

    abstract Verdict check(Limit limit, long now, long cost);

    abstract void commit(Limit limit, long now, long cost);

    /** When (µs) this state decides exactly like a fresh one: the Redis key's expiry. */
    abstract long freshAt();

    /** Makes this state a fresh one, as its Redis key's expiry does (scratch from a check may stay). */
    abstract void clear();

    /**
     * A reservation (reserve.lua): the last {@link #check}, made at {@code slot}, allowed; take it as the
     * script's {@code reserve(i, slot)} does, written as of {@code now}. Returns the state's text.
     */
    String reserve(Limit limit, long now, long slot) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " cannot reserve");
    }

    /**
     * A penalty (penalty.lua): pushes the state on so nothing passes before {@code at} (µs) and one token does
     * at {@code at}, as the script's {@code penalize(i, at)} does. Returns whether the state moved.
     */
    boolean penalize(Limit limit, long now, long at) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " cannot be pushed on");
    }

    /** The state as its Redis key holds it, or null when there is none. */
    String text() {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " has no text form");
    }

    /** Puts back a state {@link #text()} gave, with its expiry (ms), as release.lua does. */
    void restore(String text, long expiryMillis) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " cannot be restored");
    }

    static long[] fields(String text) {
        String[] parts = text.split(":");
        long[] values = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            values[i] = Long.parseLong(parts[i]);
        }
        return values;
    }

    static long ceilMillis(long micros) {
        return Math.floorDiv(micros + 999, 1000);
    }
}
