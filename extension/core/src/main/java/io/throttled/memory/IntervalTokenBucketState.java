package io.throttled.memory;

import static io.throttled.core.ExactArithmetic.ceilDiv;

import io.throttled.core.Limit;

/** The twin of {@code token-bucket-interval.lua}: the quantity arrives whole, once per window. */
final class IntervalTokenBucketState extends ExpiringState {
    private long tokens;
    private long since;
    private long nextTokens;
    private long nextSince;
    private long refilledTokens;
    private long refilledSince;

    /** The bucket at {@code now}: its tokens and the step they count from (a full bucket restarts its clock). */
    private void refill(Limit limit, long now) {
        long w = limit.windowMicros();
        long q = limit.quantity();
        long burst = limit.burst();
        refilledTokens = burst;
        refilledSince = now;
        if (present) {
            long steps = Math.max(0, now - since) / w;
            if (tokens < burst && steps < ceilDiv(burst - tokens, q)) {
                refilledTokens = tokens + steps * q;
                refilledSince = since + steps * w;
            }
        }
    }

    @Override
    Verdict check(Limit limit, long now, long cost) {
        long w = limit.windowMicros();
        long q = limit.quantity();
        long burst = limit.burst();
        refill(limit, now);
        long tk = refilledTokens;
        long from = refilledSince;
        if (cost > burst) {
            return new Verdict(false, Math.max(0, tk), -1, waitFor(burst - tk, from, w, q, now));
        }
        if (tk >= cost) {
            nextTokens = tk - cost;
            nextSince = from;
            nextFreshAt = ceilMillis(from + ceilDiv(burst - nextTokens, q) * w) * 1000;
            return new Verdict(true, nextTokens, 0, waitFor(burst - nextTokens, from, w, q, now));
        }
        return new Verdict(false, Math.max(0, tk), waitFor(cost - tk, from, w, q, now),
                waitFor(burst - tk, from, w, q, now));
    }

    @Override
    String reserve(Limit limit, long now, long slot) {
        long w = limit.windowMicros();
        long q = limit.quantity();
        long k = Math.max(0, ceilDiv(nextSince - now, w));   // steps back until the first is not after now
        present = true;
        tokens = nextTokens - k * q;
        since = nextSince - k * w;
        freshAt = ceilMillis(since + ceilDiv(limit.burst() - tokens, q) * w) * 1000;
        return text();
    }

    @Override
    boolean penalize(Limit limit, long now, long at) {
        refill(limit, now);
        long w = limit.windowMicros();
        long q = limit.quantity();
        long target = -Math.max(0, ceilDiv(at - refilledSince, w) - 1) * q;   // the steps before at bring nothing
        if (refilledTokens <= target) {
            return false;
        }
        present = true;
        tokens = target;
        since = refilledSince;
        freshAt = ceilMillis(since + ceilDiv(limit.burst() - target, q) * w) * 1000;
        return true;
    }

    @Override
    String text() {
        return present ? tokens + ":" + since : null;
    }

    @Override
    void restore(String text, long expiryMillis) {
        long[] f = fields(text);
        present = true;
        tokens = f[0];
        since = f[1];
        freshAt = expiryMillis * 1000;
    }

    /** ms until n more tokens have arrived; refill steps count from {@code from}. */
    private static long waitFor(long n, long from, long w, long q, long now) {
        return n <= 0 ? 0 : ceilDiv(from + ceilDiv(n, q) * w - now, 1000);
    }

    @Override
    void commit(Limit limit, long now, long cost) {
        present = true;
        tokens = nextTokens;
        since = nextSince;
        freshAt = nextFreshAt;
    }
}
