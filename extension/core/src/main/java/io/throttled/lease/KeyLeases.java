package io.throttled.lease;

import io.throttled.core.Decision;
import io.throttled.core.Limit;
import io.throttled.core.Policy;
import java.util.concurrent.TimeUnit;

/** One key's calls, its lease and its denial, guarded by its own monitor. */
final class KeyLeases {
    final String key;
    Policy policy;
    long periodStart;
    long periodTokens;
    long lastPeriodTokens;
    long lastCall;
    Lease lease;
    long holdUntil;
    Decision held;

    KeyLeases(Policy policy, String key, long now) {
        this.policy = policy;
        this.key = key;
        this.periodStart = now;
        this.lastCall = now;
    }

    /** A lease taken under other rules (a changed policy) is dropped. */
    void sameRules(Policy current) {
        if (current != policy && !current.equals(policy)) {
            policy = current;
            drop();
        }
    }

    void drop() {
        lease = null;
        holdUntil = 0;
        held = null;
    }

    void count(long now, long cost) {
        long period = TimeUnit.MILLISECONDS.toNanos(policy.leasing().lifetimeMillis());
        long since = now - periodStart;
        if (since >= period) {
            lastPeriodTokens = since >= 2 * period ? 0 : periodTokens;
            periodTokens = 0;
            periodStart = since >= 2 * period ? now : periodStart + period;
        }
        periodTokens += cost;
        lastCall = now;
    }

    /** The tokens a lease should have now, about one lifetime of local use at most the smallest burst; 0 = not hot. */
    long want(Policy current, long cost) {
        long demand = Math.max(lastPeriodTokens, periodTokens);
        if (demand < LeasingRateLimiter.MIN_CALLS_PER_LEASE * cost) {
            return 0;
        }
        long burst = Long.MAX_VALUE;
        for (Limit limit : current.limits()) {
            burst = Math.min(burst, limit.burst());
        }
        long want = Math.min(demand, burst) / cost * cost;
        return want < LeasingRateLimiter.MIN_CALLS_PER_LEASE * cost ? 0 : want;
    }

    /** From the lease, or the denial repeated, or null. */
    Decision local(long now, long cost) {
        Lease l = lease;
        if (l != null && now < l.usableUntil && l.left >= cost) {
            l.left -= cost;
            return l.decision(policy, now);
        }
        if (held != null && now < holdUntil) {
            long retry = Math.max(1, TimeUnit.NANOSECONDS.toMillis(holdUntil - now + 999_999));
            return new Decision(false, held.remaining(), retry, held.resetAfterMillis(), held.limit(),
                    held.policy(), Decision.Origin.OVER_LIMIT_CACHE);
        }
        return null;
    }
}
