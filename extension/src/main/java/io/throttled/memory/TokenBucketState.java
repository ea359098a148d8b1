package io.throttled.memory;

import static io.throttled.core.ExactArithmetic.ceilDiv;
import static io.throttled.core.ExactArithmetic.reducedQuantity;
import static io.throttled.core.ExactArithmetic.reducedWindow;

import io.throttled.core.Limit;

/** The twin of {@code token-bucket.lua}: {@code tokens + carry/W'} tokens, refilled continuously. */
final class TokenBucketState extends LimitState {
    private boolean present;
    private long tokens;
    private long updated;
    private long carry;
    private long nextTokens;
    private long nextCarry;
    private long freshAt;

    @Override
    Verdict check(Limit limit, long now, long cost) {
        long w = reducedWindow(limit);
        long q = reducedQuantity(limit);
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
            return new Verdict(false, tk, -1, full);
        }
        if (tk >= cost) {
            nextTokens = tk - cost;
            nextCarry = c;
            long missing = (burst - nextTokens) * w - c;
            freshAt = ceilMillis(now + ceilDiv(missing, q)) * 1000;
            return new Verdict(true, nextTokens, 0, ceilDiv(missing, q * 1000));
        }
        return new Verdict(false, tk, ceilDiv((cost - tk) * w - c, q * 1000), full);
    }

    @Override
    void commit(Limit limit, long now, long cost) {
        present = true;
        tokens = nextTokens;
        carry = nextCarry;
        updated = now;
    }

    @Override
    long freshAt() {
        return present ? freshAt : 0;
    }
}
