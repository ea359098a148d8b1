package io.throttled.resilience;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.throttled.core.Acquisition;
import io.throttled.core.Decision;
import io.throttled.core.Policy;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Remembers, per policy and key, the denials Redis gave, so calls for that key are denied here until the
 * retry-after instead of asking Redis again. Bounded in size.
 *
 * <p>It never admits (it only denies), and it only denies what Redis would deny too: a call that costs at
 * least what Redis denied, before the retry-after measured from when the denied call was <em>sent</em>,
 * less the millisecond the retry-after was rounded up by. Tokens only come back with time, so until then
 * Redis would deny it again. The exceptions are an admin reset or a policy change, which invalidate the
 * entries on every node through a notice. Policies that wait (max-wait) are never remembered: a give-back
 * returns tokens before their time. Until the notice arrives (milliseconds), a call may be denied
 * here that Redis would now allow, and never for longer than that call's cached retry-after.
 */
public final class OverLimitCache {
    private final Cache<Key, Entry> denials;
    private final LongSupplier nanoTime;

    public OverLimitCache(long maxEntries, LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
        this.denials = Caffeine.newBuilder().maximumSize(maxEntries)
                .executor(Runnable::run)   // maintenance on the caller, never on the JVM-wide common pool
                .build();
    }

    /** A denial to answer with, or null when this call must go to Redis. */
    public Decision deny(Policy policy, String key, long cost) {
        if (cost <= 0 || policy.waiting().waits()) {
            return null;   // peeks always look at the real state; a waiting policy's denial may end early
        }
        Key k = new Key(policy, key);
        Entry entry = denials.getIfPresent(k);
        if (entry == null) {
            return null;
        }
        long left = entry.until - nanoTime.getAsLong();
        if (left <= 0) {
            denials.asMap().remove(k, entry);
            return null;
        }
        if (cost < entry.cost) {
            return null;   // a cheaper call may pass sooner: ask Redis
        }
        long retry = Math.max(1, (left + 999_999) / 1_000_000);
        Decision d = entry.denial;
        return new Decision(false, d.remaining(), retry, Math.max(retry, d.resetAfterMillis() - (d.retryAfterMillis() - retry)),
                d.limit(), d.policy(), Decision.Origin.OVER_LIMIT_CACHE);
    }

    /**
     * The decisions of a group ({@code RateLimiter#acquireTogether}) when an enforced request of it is
     * remembered as denied: Redis would refuse the group, so nothing would be taken. Remembered requests get
     * their denial, the others are {@link Decision.Origin#SKIPPED}. Null when the group must go to Redis.
     */
    public List<Decision> denyGroup(List<Acquisition> requests) {
        List<Decision> decisions = new ArrayList<>(requests.size());
        boolean refused = false;
        for (Acquisition r : requests) {
            Decision cached = deny(r.policy(), r.key(), r.cost());
            refused |= cached != null && r.policy().enforce();
            decisions.add(cached != null ? cached : Decision.skipped(r.policy()));
        }
        return refused ? decisions : null;
    }

    /** Records what Redis said about a call sent at {@code sentAt} (nanoTime). */
    public void remember(Policy policy, String key, long cost, Decision decision, long sentAt) {
        // a waiting policy's denial can end before its retry-after: a waiter gives its slot back or leaves
        if (decision.allowed() || decision.canNeverSucceed() || cost <= 0 || decision.retryAfterMillis() <= 1
                || policy.waiting().waits()) {
            return;
        }
        long until = sentAt + (decision.retryAfterMillis() - 1) * 1_000_000;
        denials.put(new Key(policy, key), new Entry(cost, until, decision));
    }

    public void forget(String policyName, String key) {
        denials.asMap().keySet().removeIf(k -> k.policy.name().equals(policyName) && (key == null || k.key.equals(key)));
    }

    public void forgetAll() {
        denials.invalidateAll();
    }

    public long size() {
        denials.cleanUp();
        return denials.estimatedSize();
    }

    private record Key(Policy policy, String key) {
        /**
         * From the policy's name and the key, whose strings keep their hashes: a record's own would hash the
         * whole policy (limits, rules, tiers) on every look-up, and there is one per decision. Equal keys have
         * equal policies, so equal names: still consistent with equals.
         */
        @Override
        public int hashCode() {
            return 31 * policy.name().hashCode() + key.hashCode();
        }

        /**
         * Written out: a record's generated equals goes through a JDK-wide method handle whose one-entry cache
         * (JDK-8078641, fixed in 18) keeps the last record class compared, and with it the whole undeployed
         * application, on Java 17 (LocalFallback's key, alike, kept the last undeployed copy). The policies are compared by
         * reference first, so the policy record's own generated equals runs only for two copies of a policy.
         */
        @Override
        public boolean equals(Object other) {
            return other instanceof Key that && key.equals(that.key)
                    && (policy == that.policy || policy.equals(that.policy));
        }
    }

    private record Entry(long cost, long until, Decision denial) {
    }
}
