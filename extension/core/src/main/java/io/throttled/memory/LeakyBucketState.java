package io.throttled.memory;

import static io.throttled.core.ExactArithmetic.ceilDiv;

import io.throttled.core.Limit;

/** The twin of {@code leaky-bucket.lua}: a level of {@code level - carry/W'}, draining continuously. */
final class LeakyBucketState extends ExpiringState {
    private long level;
    private long updated;
    private long carry;
    private long nextLevel;
    private long nextCarry;

    @Override
    Verdict check(Limit limit, long now, long cost) {
        reduce(limit);
        long burst = limit.burst();
        long lv = 0;
        long c = 0;
        if (present) {
            lv = level;
            c = Math.min(carry, w - 1);
            long elapsed = Math.max(0, now - updated);
            if (lv <= 0 || elapsed >= ceilDiv(lv * w - c, q)) {
                lv = 0;
                c = 0;
            } else {
                long drained = elapsed * q + c;
                lv -= drained / w;
                c = drained % w;
            }
        }
        long room = Math.max(0, burst - lv);
        long empty = ceilDiv(lv * w - c, q * 1000);
        if (cost > burst) {
            return new Verdict(false, room, -1, empty);
        }
        if (lv + cost <= burst) {
            nextLevel = lv + cost;
            nextCarry = c;
            long units = nextLevel * w - c;
            nextFreshAt = ceilMillis(now + ceilDiv(units, q)) * 1000;
            return new Verdict(true, burst - nextLevel, 0, ceilDiv(units, q * 1000));
        }
        return new Verdict(false, room, ceilDiv((lv + cost - burst) * w - c, q * 1000), empty);
    }

    @Override
    void commit(Limit limit, long now, long cost) {
        present = true;
        level = nextLevel;
        carry = nextCarry;
        updated = now;
        freshAt = nextFreshAt;
    }

    @Override
    String reserve(Limit limit, long now, long slot) {
        reduce(limit);
        long units = nextLevel * w - nextCarry + (slot - now) * q;   // what drains until the slot is still in
        present = true;
        level = ceilDiv(units, w);
        carry = level * w - units;
        updated = now;
        freshAt = ceilMillis(now + ceilDiv(units, q)) * 1000;
        return text();
    }

    @Override
    boolean penalize(Limit limit, long now, long at) {
        reduce(limit);
        long units = 0;
        if (present) {
            long c = Math.min(carry, w - 1);
            long elapsed = Math.max(0, now - updated);
            if (level > 0 && elapsed < ceilDiv(level * w - c, q)) {
                units = level * w - c - elapsed * q;
            }
        }
        long target = (limit.burst() - 1) * w + (at - now) * q;   // room for one at at, above the brim until then
        if (units >= target) {
            return false;
        }
        present = true;
        level = ceilDiv(target, w);
        carry = level * w - target;
        updated = now;
        freshAt = ceilMillis(now + ceilDiv(target, q)) * 1000;
        return true;
    }

    @Override
    String text() {
        return present ? level + ":" + updated + ":" + carry : null;
    }

    @Override
    void restore(String text, long expiryMillis) {
        long[] f = fields(text);
        present = true;
        level = f[0];
        updated = f[1];
        carry = f[2];
        freshAt = expiryMillis * 1000;
    }
}
