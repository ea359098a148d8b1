package io.throttled.memory;

import static io.throttled.core.ExactArithmetic.ceilDiv;

import io.throttled.core.Limit;

/** The twin of {@code gcra.lua}: the theoretical arrival time {@code tat + fraction/Q'} µs. */
final class GcraState extends LimitState {
    private long tat;
    private long fraction;
    private long after;

    @Override
    Verdict check(Limit limit, long now, long cost) {
        reduce(limit);
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
        reduce(limit);
        tat = now + after / q;
        fraction = after % q;
    }

    @Override
    String reserve(Limit limit, long now, long slot) {
        commit(limit, slot, 0);   // the TAT is absolute: written as the take at the slot writes it
        return text();
    }

    @Override
    boolean penalize(Limit limit, long now, long at) {
        reduce(limit);
        long least = (limit.burst() - 1) * w;   // units the TAT lies after at
        if (tat != 0 && (tat - at) * q + Math.min(fraction, q - 1) >= least) {
            return false;
        }
        tat = at + least / q;
        fraction = least % q;
        return true;
    }

    @Override
    String text() {
        if (tat == 0) {
            return null;
        }
        return fraction > 0 ? tat + ":" + fraction : Long.toString(tat);
    }

    @Override
    void restore(String text, long expiryMillis) {
        long[] f = fields(text);
        tat = f[0];
        fraction = f.length > 1 ? f[1] : 0;
    }

    @Override
    void clear() {
        tat = 0;
        fraction = 0;
    }

    @Override
    long freshAt() {
        return ceilMillis(tat + (fraction > 0 ? 1 : 0)) * 1000;
    }
}
