package io.throttled.resilience;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.throttled.core.Acquisition;
import io.throttled.core.Algorithm;
import io.throttled.core.Decision;
import io.throttled.core.Limit;
import io.throttled.core.Policy;
import io.throttled.core.RateLimiter;
import io.throttled.core.Refill;
import io.throttled.memory.InMemoryRateLimiter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;

/**
 * The failure mode {@code local} without a fresh burst: a key this node decides in its own store while Redis
 * fails starts from what Redis last answered for it (refilled at the policy's rate since), less what is still on
 * its way to Redis and what this node admitted alone before, not full; what it admits alone is charged to Redis
 * when Redis answers again. So on one node a Redis failure of any length admits no more than the limit, and a call
 * that timed out but ran on Redis is paid twice (an under-admission of at most the calls that timed out).
 *
 * <p>Bounded: at most {@code rememberedKeys} answers are kept, and debts for at most that many keys (10,000 at
 * least); a key whose answer was dropped starts at {@code unseenShare} of its burst.
 */
final class LocalFallback {
    private static final int STRIPES = 1024;

    private final RateLimiter local;
    private final Cache<Key, Answer> answers;
    private final long rememberedKeys;
    private final double unseenShare;
    private final LongSupplier nanoTime;
    /** What this node admitted alone and Redis has not been charged yet, and the charges under way. */
    private final Debts debts;
    /**
     * The episode each key was last started from Redis' state in: once per episode, then the local store counts.
     * Bounded: a key dropped in a long episode with many keys starts again, from the answer and its debt.
     */
    private final Cache<Key, Long> startedIn;
    /** Tokens asked of Redis and not answered yet, by a stripe of the key: they may be taken there any moment. */
    private final AtomicLongArray inFlight = new AtomicLongArray(STRIPES);

    LocalFallback(RateLimiter local, long rememberedKeys, double unseenShare, LongSupplier nanoTime) {
        this(local, rememberedKeys, unseenShare, nanoTime, 150);
    }

    /** @param chargeWaitMillis the longest a call waits for another thread's charge of its key */
    LocalFallback(RateLimiter local, long rememberedKeys, double unseenShare, LongSupplier nanoTime, long chargeWaitMillis) {
        if (rememberedKeys < 0 || !(unseenShare >= 0 && unseenShare <= 1)) {
            throw new IllegalArgumentException("remembered keys must be >= 0 and the unseen share within 0..1");
        }
        this.local = local;
        this.rememberedKeys = rememberedKeys;
        this.unseenShare = unseenShare;
        this.nanoTime = nanoTime;
        this.debts = new Debts(Math.max(rememberedKeys, 10_000), nanoTime, chargeWaitMillis);
        this.answers = Caffeine.newBuilder().maximumSize(rememberedKeys)
                .executor(Runnable::run)   // maintenance on the caller, never on the JVM-wide common pool
                .build();
        this.startedIn = Caffeine.newBuilder().maximumSize(Math.max(rememberedKeys, 10_000))
                .executor(Runnable::run).build();
    }

    /** A call to Redis for these tokens is about to be sent; pair with {@link #answered}. */
    void sending(Policy policy, String key, long cost) {
        inFlight.addAndGet(stripe(policy, key), cost);
    }

    /** The call {@link #sending} announced came back: with a decision, or null when it failed. */
    void answered(Policy policy, String key, long cost, Decision decision) {
        inFlight.addAndGet(stripe(policy, key), -cost);
        if (decision != null && rememberedKeys > 0 && decision.origin() == Decision.Origin.STORE
                && decision.reservation() == null) {
            Key k = new Key(policy, key);
            answers.put(k, new Answer(decision, nanoTime.getAsLong()));
            // Redis admitted a call sent after the key's local bucket was started (so not counted in flight then)
            // while other calls of the key are decided here: the local bucket must not hand out that token again.
            // A call that was in flight at the start is counted twice, which errs towards denying.
            if (decision.allowed() && cost > 0 && local instanceof InMemoryRateLimiter memory
                    && startedIn.getIfPresent(k) != null) {
                memory.charge(policy, key, cost);
            }
        }
    }

    /**
     * Decides a call alone: starts the key from Redis' last answer when this episode has not yet, then asks the
     * local store, and owes Redis what it admits.
     */
    Decision decide(Policy policy, String key, long cost, long episode) {
        Key k = start(policy, key, episode);
        Decision decision = local.acquire(policy, key, cost);
        if (decision.allowed() && cost > 0) {
            debts.owe(k, cost);
        }
        return decision.withOrigin(Decision.Origin.LOCAL_FALLBACK);
    }

    /** A group decided alone, all or none, each key started as {@link #decide} starts one. */
    List<Decision> decideTogether(List<Acquisition> requests, long episode) {
        for (Acquisition r : requests) {
            start(r.policy(), r.key(), episode);
        }
        List<Decision> decisions = new ArrayList<>(requests.size());
        List<Decision> made = local.acquireTogether(requests);
        for (int i = 0; i < made.size(); i++) {
            Acquisition r = requests.get(i);
            Decision d = made.get(i);
            if (d.allowed() && r.cost() > 0 && d.origin() != Decision.Origin.SKIPPED) {
                debts.owe(new Key(r.policy(), r.key()), r.cost());
            }
            decisions.add(d.withOrigin(Decision.Origin.LOCAL_FALLBACK));
        }
        return decisions;
    }

    /** Starts the key from Redis' last answer, once per episode (the local store counts after that). */
    private Key start(Policy policy, String key, long episode) {
        Key k = new Key(policy, key);
        if (local instanceof InMemoryRateLimiter memory) {
            startedIn.asMap().compute(k, (kk, in) -> {
                if (in == null || in != episode) {
                    memory.reset(policy, key);
                    memory.charge(policy, key, consumed(k));
                }
                return episode;
            });
        }
        return k;
    }

    /** Tokens the key's bucket has spent as far as this node knows: Redis' last word, refilled since, plus its own. */
    long consumed(Key k) {
        Limit limit;
        long spent;
        Answer answer = answers.getIfPresent(k);
        if (answer == null) {
            limit = k.policy.limits().get(0);
            spent = limit.burst() - (long) Math.floor(unseenShare * limit.burst());
        } else {
            limit = answer.decision.limit();
            spent = answer.spentNow(nanoTime.getAsLong(), refillsSteadily(k.policy));
        }
        long owed = debts.owed(k);
        return Math.min(limit.burst(), spent + owed + Math.max(0, inFlight.get(stripe(k.policy, k.key))));
    }

    /**
     * Whether tokens come back a little at a time (then the answer's bucket is refilled in proportion to the time
     * since); the windows and interval refill give them back at once at the window's end, so until then none.
     */
    private static boolean refillsSteadily(Policy policy) {
        Algorithm a = policy.algorithm();
        return a == Algorithm.GCRA || a == Algorithm.LEAKY_BUCKET
                || (a == Algorithm.TOKEN_BUCKET && policy.refill() == Refill.GREEDY);
    }

    /** {@return what this node owes Redis, and the charges under way} */
    Debts debts() {
        return debts;
    }

    /** An episode ended: the next one starts every key from Redis' answers again. */
    void episodeEnded() {
        startedIn.invalidateAll();
    }

    void forget(String policyName, String key) {
        answers.asMap().keySet().removeIf(k -> matches(k, policyName, key));
        debts.forget(k -> matches(k, policyName, key));
        startedIn.asMap().keySet().removeIf(k -> matches(k, policyName, key));
    }

    void forgetAll() {
        answers.invalidateAll();
        debts.clear();
        startedIn.invalidateAll();
    }

    private static boolean matches(Key k, String policyName, String key) {
        return k.policy.name().equals(policyName) && (key == null || k.key.equals(key));
    }

    private static int stripe(Policy policy, String key) {
        int h = 31 * policy.name().hashCode() + key.hashCode();
        return (h ^ (h >>> 16)) & (STRIPES - 1);
    }

    record Key(Policy policy, String key) {
        /** From the names, which keep their hashes (see {@link OverLimitCache}). */
        @Override
        public int hashCode() {
            return 31 * policy.name().hashCode() + key.hashCode();
        }

        /**
         * Written out: a record's generated equals goes through a JDK-wide method handle whose one-entry cache
         * (JDK-8078641, fixed in 18) keeps the last record class compared, and with it the whole undeployed
         * application, on Java 17 (this key kept the last undeployed copy). The policies are compared by
         * reference first, so the policy record's own generated equals runs only for two copies of a policy.
         */
        @Override
        public boolean equals(Object other) {
            return other instanceof Key that && key.equals(that.key)
                    && (policy == that.policy || policy.equals(that.policy));
        }
    }

    /** What Redis said, and when this node heard it (later than Redis decided: refilling from then is cautious). */
    private record Answer(Decision decision, long receivedNanos) {
        long spentNow(long now, boolean steadily) {
            long burst = decision.limit().burst();
            long spent = burst - Math.max(0, Math.min(burst, decision.remaining()));
            long full = decision.resetAfterMillis() * 1_000_000;
            long elapsed = now - receivedNanos;
            if (elapsed >= full || spent == 0) {
                return 0;
            }
            if (!steadily) {
                return spent;
            }
            // spent × (full − elapsed) / full, rounded up: what has not come back yet
            return (long) Math.ceil(spent * ((double) (full - elapsed) / full));
        }
    }
}
