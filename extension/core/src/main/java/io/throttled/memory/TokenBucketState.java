package io.throttled.memory;

import static io.throttled.core.ExactArithmetic.ceilDiv;

import io.throttled.core.Limit;

/** The twin of {@code token-bucket.lua}: {@code tokens + carry/W'} tokens, refilled continuously. */
final class TokenBucketState extends ExpiringState {
    private long tokens;
    private long updated;
    private long carry;
    private long nextTokens;
    private long nextCarry;

    @Override
    Verdict check(Limit limit, long now, long cost) {
        reduce(limit);
        long burst = limit.burst();
        long tk = burst;
        long c = 0;
        if (present) {
            tk = tokens;
            c = Math.min(carry, w - 1);
            long elapsed = Math.max(0, now - updated);
            if (tk >= burst || elapsed >= ceilDiv((burst - tk) * w - c, q)) {
                tk = burst;
                c = 0;
            } else {
                long gained = elapsed * q + c;
                tk += gained / w;
                c = gained % w;
            }
        }
        long full = ceilDiv((burst - tk) * w - c, q * 1000);
        if (cost > burst) {
            return new Verdict(false, Math.max(0, tk), -1, full);
        }
        if (tk >= cost) {
            nextTokens = tk - cost;
            nextCarry = c;
            long missing = (burst - nextTokens) * w - c;
            nextFreshAt = ceilMillis(now + ceilDiv(missing, q)) * 1000;
            return new Verdict(true, nextTokens, 0, ceilDiv(missing, q * 1000));
        }
        return new Verdict(false, Math.max(0, tk), ceilDiv((cost - tk) * w - c, q * 1000), full);
    }

    @Override
    String reserve(Limit limit, long now, long slot) {
        reduce(limit);
        long units = nextTokens * w + nextCarry - (slot - now) * q;   // the refill until the slot is owed
        present = true;
        tokens = Math.floorDiv(units, w);
        carry = units - tokens * w;
        updated = now;
        freshAt = ceilMillis(now + ceilDiv(limit.burst() * w - units, q)) * 1000;
        return text();
    }

    @Override
    boolean penalize(Limit limit, long now, long at) {
        reduce(limit);
        long burst = limit.burst();
        long units = burst * w;
        if (present) {
            long c = Math.min(carry, w - 1);
            long elapsed = Math.max(0, now - updated);
            if (tokens < burst && elapsed < ceilDiv((burst - tokens) * w - c, q)) {
                units = tokens * w + c + elapsed * q;
            }
        }
        long target = w - (at - now) * q;   // one token at at, a debt until then
        if (units <= target) {
            return false;
        }
        present = true;
        tokens = Math.floorDiv(target, w);
        carry = target - tokens * w;
        updated = now;
        freshAt = ceilMillis(now + ceilDiv(burst * w - target, q)) * 1000;
        return true;
    }

    @Override
    String text() {
        return present ? tokens + ":" + updated + ":" + carry : null;
    }

    @Override
    void restore(String text, long expiryMillis) {
        long[] f = fields(text);
        present = true;
        tokens = f[0];
        updated = f[1];
        carry = f[2];
        freshAt = expiryMillis * 1000;
    }

    @Override
    void commit(Limit limit, long now, long cost) {
        present = true;
        tokens = nextTokens;
        carry = nextCarry;
        updated = now;
        freshAt = nextFreshAt;
    }
}
