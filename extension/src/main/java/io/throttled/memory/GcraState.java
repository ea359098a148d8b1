package io.throttled.memory;

import static io.throttled.core.ExactArithmetic.ceilDiv;
import static io.throttled.core.ExactArithmetic.reducedQuantity;
import static io.throttled.core.ExactArithmetic.reducedWindow;

import io.throttled.core.Limit;

/** The twin of {@code gcra.lua}: the theoretical arrival time {@code tat + fraction/Q'} µs. */
final class GcraState extends LimitState {
    private long tat;
    private long fraction;
    private long after;

    @Override
    Verdict check(Limit limit, long now, long cost) {
        long w = reducedWindow(limit);
        long q = reducedQuantity(limit);
        long tau = limit.burst() * w;
        long ahead = 0;
        if (tat >= now) {
            ahead = (tat - now) * q + Math.min(fraction, q - 1);
        }
        long left = Math.max(0, Math.floorDiv(tau - ahead, w));
        long full = ceilDiv(ahead, q * 1000);
        if (cost > limit.burst()) {
            return new Verdict(false, left, -1, full);
        }
        after = ahead + cost * w;
        if (after <= tau) {
            return new Verdict(true, (tau - after) / w, 0, ceilDiv(after, q * 1000));
        }
        return new Verdict(false, left, ceilDiv(after - tau, q * 1000), full);
    }

    @Override
    void commit(Limit limit, long now, long cost) {
        long q = reducedQuantity(limit);
        tat = now + after / q;
        fraction = after % q;
    }

    @Override
    long freshAt() {
        return ceilMillis(tat + (fraction > 0 ? 1 : 0)) * 1000;
    }
}
