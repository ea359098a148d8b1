package io.throttled.memory;

import static io.throttled.core.ExactArithmetic.ceilDiv;

import io.throttled.core.Limit;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/** The twin of {@code sliding-window-log.lua}: the timestamp of every admitted unit still in the window. */
final class SlidingWindowLogState extends LimitState {
    /** timestamp µs → units admitted at that instant. */
    private final TreeMap<Long, Long> stamps = new TreeMap<>();
    private long size;
    private long windowMicros;

    @Override
    Verdict check(Limit limit, long now, long cost) {
        long w = limit.windowMicros();
        long q = limit.quantity();
        prune(now - w);
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

    private void prune(long cutoff) {
        Iterator<Map.Entry<Long, Long>> it = stamps.headMap(cutoff, true).entrySet().iterator();
        while (it.hasNext()) {
            size -= it.next().getValue();
            it.remove();
        }
    }

    private long untilEmpty(long now, long w) {
        return size == 0 ? 0 : ceilDiv(stamps.lastKey() + w - now, 1000);
    }

    /** The timestamp of the n-th oldest unit, counting from 1. */
    private long nth(long n) {
        long seen = 0;
        for (Map.Entry<Long, Long> e : stamps.entrySet()) {
            seen += e.getValue();
            if (seen >= n) {
                return e.getKey();
            }
        }
        throw new IllegalStateException("fewer than " + n + " entries");
    }

    @Override
    void commit(Limit limit, long now, long cost) {
        windowMicros = limit.windowMicros();
        stamps.merge(now, cost, Long::sum);
        size += cost;
    }

    @Override
    long freshAt() {
        return stamps.isEmpty() ? 0 : ceilDiv(stamps.lastKey() + windowMicros, 1000) * 1000;
    }
}
