package io.throttled.memory;

import static io.throttled.core.ExactArithmetic.ceilDiv;

import io.throttled.core.Limit;

/** The twin of {@code fixed-window.lua}: a count per clock-aligned window, gone when the window closes. */
final class FixedWindowState extends LimitState {
    /** window index → count, like the script's keys {@code stem:n}; each expires when its window closes. */
    private final WindowCounts counts = new WindowCounts();
    private long windowMicros;

    @Override
    Verdict check(Limit limit, long now, long cost) {
        long w = limit.windowMicros();
        long q = limit.quantity();
        long window = Math.floorDiv(now, w);
        counts.dropBefore(window);
        long count = counts.get(window);
        long closes = ceilDiv((window + 1) * w - now, 1000);
        if (cost <= q && count + cost <= q) {
            return new Verdict(true, q - count - cost, 0, count + cost > 0 ? closes : 0);
        }
        long full = count > 0 ? closes : 0;
        return new Verdict(false, Math.max(0, q - count), cost > q ? -1 : closes, full);
    }

    @Override
    void commit(Limit limit, long now, long cost) {
        windowMicros = limit.windowMicros();
        counts.add(Math.floorDiv(now, windowMicros), cost);
    }

    @Override
    void clear() {
        counts.clear();
    }

    @Override
    long freshAt() {
        return counts.isEmpty() ? 0 : (counts.last() + 1) * windowMicros;
    }
}
