package io.throttled.memory;

import static io.throttled.core.ExactArithmetic.ceilDiv;

import io.throttled.core.Limit;

/** The twin of {@code sliding-window-log.lua}: the timestamp of every admitted unit still in the window. */
final class SlidingWindowLogState extends StampLog {
    /**
     * {@link #freshAt()} while the log is not empty, set by each commit (the only change to the latest stamp but
     * emptying): the check on every call whether the state expired then reads no entry of the ring.
     */
    private long freshWhileLogged;

    @Override
    Verdict check(Limit limit, long now, long cost) {
        long w = limit.windowMicros();
        long q = limit.quantity();
        dropThrough(now - w);
        long size = total();
        if (cost <= q && size + cost <= q) {
            long full = cost > 0 ? ceilDiv(w, 1000) : untilEmpty(now, w);
            return new Verdict(true, q - size - cost, 0, full);
        }
        long full = untilEmpty(now, w);
        if (cost > q) {
            return new Verdict(false, Math.max(0, q - size), -1, full);
        }
        // the request fits once the (size + cost - q) oldest units have left the window
        return new Verdict(false, Math.max(0, q - size), ceilDiv(nth(size + cost - q) + w - now, 1000), full);
    }

    private long untilEmpty(long now, long w) {
        return total() == 0 ? 0 : ceilDiv(last() + w - now, 1000);
    }

    @Override
    void commit(Limit limit, long now, long cost) {
        add(now, cost);
        freshWhileLogged = ceilDiv(last() + limit.windowMicros(), 1000) * 1000;
    }

    @Override
    long freshAt() {
        return isEmpty() ? 0 : freshWhileLogged;
    }
}
