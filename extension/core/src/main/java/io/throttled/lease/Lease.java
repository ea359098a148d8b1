package io.throttled.lease;

import io.throttled.core.Decision;
import io.throttled.core.Policy;
import java.util.concurrent.TimeUnit;

/** Tokens of one lease still to admit here, until it may no longer be used. */
final class Lease {
    final String id;
    final long takenAt;
    final long usableUntil;
    final LeaseGrant grant;
    long left;

    Lease(String id, long left, long takenAt, long usableUntil, LeaseGrant grant) {
        this.id = id;
        this.left = left;
        this.takenAt = takenAt;
        this.usableUntil = usableUntil;
        this.grant = grant;
    }

    /**
     * Allowed from the lease. Remaining: what this node can still admit without asking, its lease's tokens
     * left plus what the shared bucket held when the lease was taken, at most the burst.
     */
    Decision decision(Policy policy, long now) {
        long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(now - takenAt);
        long remaining = Math.min(grant.limit().burst(), left + grant.remaining());
        return new Decision(true, remaining, 0, Math.max(0, grant.resetAfterMillis() - elapsedMillis),
                grant.limit(), policy.name(), Decision.Origin.LEASE);
    }
}
