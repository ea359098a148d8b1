package io.throttled.memory;

import static io.throttled.core.ExactArithmetic.ceilDiv;

import io.throttled.core.Limit;

/**
 * The twin of {@code sliding-window-counter.lua}: counts per clock-aligned window (in whole ms), the
 * previous window weighted by the share the rolling window still covers.
 */
final class SlidingWindowCounterState extends LimitState {
    /** window index → count, like the script's keys {@code stem:n}; each lives through the next window. */
    private final WindowCounts counts = new WindowCounts();
    private long windowMillis;

    @Override
    Verdict check(Limit limit, long now, long cost) {
        long w = limit.windowMillis();
        long q = limit.quantity();
        long ms = Math.floorDiv(now, 1000);
        long window = Math.floorDiv(ms, w);
        long into = ms - window * w;
        counts.dropBefore(window - 1);
        long curr = counts.get(window);
        long prev = counts.get(window - 1);
        long used = Math.floorDiv(prev * (w - into), w) + curr;
        if (cost <= q && used + cost <= q) {
            return new Verdict(true, q - used - cost, 0, full(curr + cost, prev, w, into));
        }
        long left = Math.max(0, q - used);
        if (cost > q) {
            return new Verdict(false, left, -1, full(curr, prev, w, into));
        }
        long wait;
        if (curr + cost <= q) {
            // later in this window, once the previous window's weight has faded enough
            wait = w - ceilDiv((q - cost - curr + 1) * w, prev) + 1 - into;
        } else {
            // in the next window, where this window's count is the one that fades
            wait = w - into + w - ceilDiv((q - cost + 1) * w, curr) + 1;
        }
        return new Verdict(false, left, wait, full(curr, prev, w, into));
    }

    private static long full(long curr, long prev, long w, long into) {
        if (curr > 0) {
            return 2 * w - into;
        }
        return prev > 0 ? w - into : 0;
    }

    @Override
    void commit(Limit limit, long now, long cost) {
        long w = limit.windowMillis();
        if (w != windowMillis) {   // a write only on a change: this line stays shared between deciding cores
            windowMillis = w;
        }
        counts.add(Math.floorDiv(Math.floorDiv(now, 1000), w), cost);
    }

    @Override
    void clear() {
        counts.clear();
    }

    @Override
    long freshAt() {
        return counts.isEmpty() ? 0 : (counts.last() + 2) * windowMillis * 1000;
    }
}
