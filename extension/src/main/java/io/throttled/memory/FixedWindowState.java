package io.throttled.memory;

import static io.throttled.core.ExactArithmetic.ceilDiv;

import io.throttled.core.Limit;
import java.util.TreeMap;

/** The twin of {@code fixed-window.lua}: a count per clock-aligned window, gone when the window closes. */
final class FixedWindowState extends LimitState {
    /** window index → count, like the script's keys {@code stem:n}; each expires when its window closes. */
    private final TreeMap<Long, Long> counts = new TreeMap<>();
    private long windowMicros;

    @Override
    Verdict check(Limit limit, long now, long cost) {
        long w = limit.windowMicros();
        long q = limit.quantity();
        long window = Math.floorDiv(now, w);
        counts.headMap(window, false).clear();
        long count = counts.getOrDefault(window, 0L);
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
        counts.merge(Math.floorDiv(now, windowMicros), cost, Long::sum);
    }

    @Override
    long freshAt() {
        return counts.isEmpty() ? 0 : (counts.lastKey() + 1) * windowMicros;
    }
}
