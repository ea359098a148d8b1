package io.throttled.resilience;

import io.throttled.core.Acquisition;
import io.throttled.core.BucketInventory;
import io.throttled.core.Decision;
import io.throttled.core.FailureMode;
import io.throttled.core.Limit;
import io.throttled.core.OverrideStore;
import io.throttled.core.Policy;
import io.throttled.core.RateLimiter;
import io.throttled.core.SharedStore;
import io.throttled.core.UnsupportedStoreException;
import io.throttled.lease.LeasingRateLimiter;
import io.throttled.memory.InMemoryRateLimiter;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.LongSupplier;

/**
 * A decorator of any {@link SharedStore} (the Redis limiter): the store as the application uses it: a denial Redis gave recently is repeated here without a
 * round trip (the over-limit cache), and when Redis fails the failure mode decides, at once while the
 * circuit breaker is open. A failed Redis call never reaches the caller as an exception; a Redis too old for
 * the call does ({@link UnsupportedStoreException}).
 *
 * <p>One class over 250 lines because every operation goes to the store through the same guard (leases,
 * over-limit cache, breaker, failure mode) on the same shared state, which a split would only pass back and forth.
 */
public final class ResilientRateLimiter implements RateLimiter, BucketInventory, AutoCloseable {
    private static final System.Logger LOG = System.getLogger(ResilientRateLimiter.class.getName());

    private final SharedStore redis;
    private final FailureMode mode;
    private final RateLimiter local;
    private final CircuitBreaker breaker;
    private final OverLimitCache denials;
    private final LongSupplier nanoTime;
    private final LeasingRateLimiter leasing;
    private final FallbackEpisodes episodes;
    private final LocalFallback fallback;
    private final ChargeBack charges;

    public ResilientRateLimiter(SharedStore redis, FailureMode mode, RateLimiter local, CircuitBreaker breaker,
                                OverLimitCache denials, LongSupplier nanoTime) {
        this(redis, mode, local, breaker, denials, nanoTime, null);
    }

    /**
     * With token leases for policies with {@code lease=auto}: a call admitted from a lease needs neither Redis nor
     * the breaker; a call that needs a lease asks Redis under the same failure handling as any other.
     *
     * @param leasing the leases, on {@code redis}; null for none
     */
    public ResilientRateLimiter(SharedStore redis, FailureMode mode, RateLimiter local, CircuitBreaker breaker,
                                OverLimitCache denials, LongSupplier nanoTime, LeasingRateLimiter leasing) {
        this(builder(redis).failureMode(mode).local(local).breaker(breaker).overLimitCache(denials)
                .nanoTime(nanoTime).leasing(leasing));
    }

    ResilientRateLimiter(ResilientRateLimiterBuilder b) {
        this.leasing = b.leasing;
        this.redis = b.redis;
        this.mode = b.mode;
        this.local = b.local == null ? InMemoryRateLimiter.create() : b.local;
        this.breaker = b.breaker;
        this.denials = b.denials;
        this.nanoTime = b.nanoTime;
        this.episodes = new FallbackEpisodes(b.timeoutMillis, b.nanoTime, b.epochMillis);
        this.fallback = new LocalFallback(this.local, b.rememberedKeys, b.unseenShare, b.nanoTime, 3 * b.timeoutMillis);
        this.charges = new ChargeBack(redis, fallback, this::redisFailed);
    }

    /**
     * A builder around a store: failure mode {@code local}, an in-JVM store, a breaker of 5 failures and 1 s, no
     * over-limit cache, no leases, 100,000 remembered keys, unseen keys at their full burst.
     *
     * @param store the shared store to decorate
     * @return the builder
     */
    public static ResilientRateLimiterBuilder builder(SharedStore store) {
        return new ResilientRateLimiterBuilder(store);
    }

    @Override
    public Decision acquire(Policy policy, String key, long cost) {
        RateLimiter.checkArguments(policy, key, cost);
        if (leasing != null) {
            Decision leased = leasing.fromLease(policy, key, cost);   // counts the call, so denials below count too
            if (leased != null) {
                return leased;
            }
        }
        if (denials != null) {
            Decision cached = denials.deny(policy, key, cost);
            if (cached != null) {
                return cached;
            }
        }
        if (!breaker.allowsCall()) {
            return failureMode(policy, key, cost, FallbackCause.BREAKER_OPEN);
        }
        if (fallback.debts().owes()) {
            RuntimeException failed = charges.payDebt(policy, key);
            if (failed != null) {   // Redis failed the charge: one timeout per call, never two
                return failureMode(policy, key, cost, FallbackCause.of(failed));
            }
        }
        long sentAt = nanoTime.getAsLong();
        Decision decision;
        fallback.sending(policy, key, cost);
        try {
            decision = leasing != null ? leasing.decide(policy, key, cost) : redis.acquire(policy, key, cost);
        } catch (UnsupportedStoreException e) {
            fallback.answered(policy, key, cost, null);
            throw e;   // Redis answered: a setup error for the operator, not an outage to hide
        } catch (RuntimeException e) {
            fallback.answered(policy, key, cost, null);
            redisFailed(policy, e);
            return failureMode(policy, key, cost, FallbackCause.of(e));
        }
        fallback.answered(policy, key, cost, decision);
        succeeded();
        if (denials != null) {
            denials.remember(policy, key, cost, decision, sentAt);
        }
        return decision;
    }

    /**
     * A reservation on Redis. The over-limit cache neither answers nor learns here: a waiting policy's denial
     * can end early (a give-back, a waiter gone), so "denied until the retry-after" would not hold. While Redis
     * fails, the failure mode decides as for {@link #acquire}, without reserving (a slot must be given back to
     * the store that made it).
     */
    @Override
    public Decision reserve(Policy policy, String key, long cost) {
        RateLimiter.checkArguments(policy, key, cost);
        if (!policy.waiting().waits()) {
            return acquire(policy, key, cost);
        }
        if (!breaker.allowsCall()) {
            return failureMode(policy, key, cost, FallbackCause.BREAKER_OPEN);
        }
        if (fallback.debts().owes()) {
            RuntimeException failed = charges.payDebt(policy, key);
            if (failed != null) {   // Redis failed the charge: one timeout per call, never two
                return failureMode(policy, key, cost, FallbackCause.of(failed));
            }
        }
        Decision decision;
        fallback.sending(policy, key, cost);
        try {
            decision = redis.reserve(policy, key, cost);
        } catch (UnsupportedStoreException e) {
            fallback.answered(policy, key, cost, null);
            throw e;   // Redis answered: a setup error for the operator, not an outage to hide
        } catch (RuntimeException e) {
            fallback.answered(policy, key, cost, null);
            redisFailed(policy, e);
            return failureMode(policy, key, cost, FallbackCause.of(e));
        }
        fallback.answered(policy, key, cost, decision);
        succeeded();
        return decision;
    }

    /**
     * On Redis, so every node backs off; while Redis fails, on the local store the failure mode decides by (when
     * it is the local fallback), so this node backs off at least.
     */
    @Override
    public boolean penalize(Policy policy, String key, long waitMillis) {
        RateLimiter.checkPenalty(policy, key, waitMillis);
        if (breaker.allowsCall()) {
            try {
                boolean moved = redis.penalize(policy, key, waitMillis);
                succeeded();
                return moved;
            } catch (RuntimeException e) {
                redisFailed(policy, e);
            }
        }
        return local.penalize(policy, key, waitMillis);
    }

    /** On Redis, where the slot was reserved; a failure is the caller's to ignore (the slot stays taken). */
    @Override
    public boolean release(Policy policy, io.throttled.core.Reservation reservation) {
        return redis.release(policy, reservation);
    }

    /**
     * The group as Redis decides it ({@link SharedStore#acquireTogether}), with the same protections as
     * one call: a group with an enforced request remembered as denied is refused here, and when Redis fails
     * the failure mode decides the whole group (the local store all or none).
     */
    @Override
    public List<Decision> acquireTogether(List<Acquisition> requests) {
        RateLimiter.checkArguments(requests);
        if (requests.size() <= 1) {
            return requests.isEmpty() ? List.of() : List.of(acquire(requests.get(0).policy(), requests.get(0).key(),
                    requests.get(0).cost()));
        }
        if (denials != null) {
            List<Decision> cached = denials.denyGroup(requests);
            if (cached != null) {
                return cached;
            }
        }
        if (!breaker.allowsCall()) {
            return failureMode(requests, FallbackCause.BREAKER_OPEN);
        }
        if (fallback.debts().owes()) {
            for (Acquisition r : requests) {
                RuntimeException failed = charges.payDebt(r.policy(), r.key());
                if (failed != null) {   // Redis failed the charge: one timeout per call, never two
                    return failureMode(requests, FallbackCause.of(failed));
                }
            }
        }
        long sentAt = nanoTime.getAsLong();
        List<Decision> decisions;
        requests.forEach(r -> fallback.sending(r.policy(), r.key(), r.cost()));
        try {
            decisions = redis.acquireTogether(requests);
        } catch (UnsupportedStoreException e) {
            requests.forEach(r -> fallback.answered(r.policy(), r.key(), r.cost(), null));
            throw e;   // Redis answered: a setup error for the operator, not an outage to hide
        } catch (RuntimeException e) {
            requests.forEach(r -> fallback.answered(r.policy(), r.key(), r.cost(), null));
            breaker.failed(e);
            LOG.log(System.Logger.Level.DEBUG, "throttled: Redis failed for a group of {0}: {1}", requests.size(),
                    e.toString());
            return failureMode(requests, FallbackCause.of(e));
        }
        for (int i = 0; i < requests.size(); i++) {
            Acquisition r = requests.get(i);
            fallback.answered(r.policy(), r.key(), r.cost(), decisions.get(i));
        }
        succeeded();
        if (denials != null) {
            for (int i = 0; i < requests.size(); i++) {
                Acquisition r = requests.get(i);
                denials.remember(r.policy(), r.key(), r.cost(), decisions.get(i), sentAt);
            }
        }
        return decisions;
    }

    /** A call to Redis for one policy failed: the breaker counts it, and the log says so at DEBUG. */
    private void redisFailed(Policy policy, RuntimeException e) {
        breaker.failed(e);
        LOG.log(System.Logger.Level.DEBUG, "throttled: Redis failed for policy {0}: {1}", policy.name(), e.toString());
    }

    /**
     * Redis answered: the breaker closes, a running episode ends (and its keys' debts are charged, the first 64 now),
     * and while debts remain each answer charges a few more.
     */
    private void succeeded() {
        breaker.succeeded();
        if (episodes.answered()) {
            fallback.episodeEnded();
            fallback.debts().takeSome(64, charges::charge);
        } else if (fallback.debts().owes()) {
            fallback.debts().takeSome(4, charges::charge);
        }
    }

    /** The failure mode of a policy: its own ({@code failure-mode}), else {@code throttled.redis.failure-mode}. */
    private FailureMode modeFor(Policy policy) {
        return policy.failureModeOr(mode);
    }

    /**
     * A group the failure mode decides: all in the local store (all or none) when every policy of it falls back
     * to {@code local}; otherwise each by its own mode (the local ones still all or none among themselves).
     */
    private List<Decision> failureMode(List<Acquisition> requests, FallbackCause cause) {
        List<Acquisition> locals = new ArrayList<>(requests.size());
        for (Acquisition r : requests) {
            if (modeFor(r.policy()) == FailureMode.LOCAL) {
                locals.add(r);
            }
        }
        List<Decision> localDecisions = locals.isEmpty() ? List.of() : localGroup(locals, cause);
        List<Decision> decisions = new ArrayList<>(requests.size());
        int next = 0;
        for (Acquisition r : requests) {
            decisions.add(modeFor(r.policy()) == FailureMode.LOCAL ? localDecisions.get(next++)
                    : failureMode(r.policy(), r.key(), r.cost(), cause));
        }
        return decisions;
    }

    private List<Decision> localGroup(List<Acquisition> requests, FallbackCause cause) {
        episodes.fellBack(requests.get(0).policy().name(), cause, FailureMode.LOCAL, requests.size());
        return fallback.decideTogether(requests, episodes.generation());
    }

    private Decision failureMode(Policy policy, String key, long cost, FallbackCause cause) {
        Limit limit = policy.limits().get(0);
        FailureMode chosen = modeFor(policy);
        episodes.fellBack(policy.name(), cause, chosen, 1);
        return switch (chosen) {
            case OPEN -> new Decision(true, limit.burst(), 0, 0, limit, policy.name(), Decision.Origin.FAIL_OPEN);
            case CLOSED -> new Decision(false, 0, Math.max(1000, breaker.millisUntilTrial()), 0, limit, policy.name(),
                    Decision.Origin.FAIL_CLOSED);
            case LOCAL -> fallback.decide(policy, key, cost, episodes.generation());
        };
    }

    /** Resets on Redis (which must answer: an operator is told when it does not) and here. */
    @Override
    public void reset(Policy policy, String key) {
        forget(policy.name(), key);
        local.reset(policy, key);
        redis.reset(policy, key);
    }

    /** Drops what this node remembers of a key (null: every key) of a policy. */
    public void forget(String policyName, String key) {
        fallback.forget(policyName, key);
        if (denials != null) {
            denials.forget(policyName, key);
        }
        if (leasing != null) {
            leasing.revoke(policyName, key);
        }
    }

    /** Drops every remembered denial and every lease: the policies changed. */
    public void forgetAll() {
        fallback.forgetAll();
        if (denials != null) {
            denials.forgetAll();
        }
        if (leasing != null) {
            leasing.revokeAll();
        }
    }

    /**
     * A notice from the override store ({@code OverrideSync}): a bucket reset ({@code reset <policy> [<key>]})
     * drops what this node remembers of it, its denials and its leases; a change of the policies drops all.
     *
     * @param notice the notice
     */
    public void onNotice(String notice) {
        if (OverrideStore.OVERRIDES_CHANGED.equals(notice)) {
            forgetAll();
        } else if (notice.startsWith("reset ")) {
            String[] parts = notice.split(" ", 3);
            forget(parts[1], parts.length > 2 ? parts[2] : null);
        }
    }

    /** {@return this node's token leases, or null when it takes none} */
    public LeasingRateLimiter leasing() {
        return leasing;
    }

    /** Stops the lease timer and gives back the leases still out; the Redis client may be closed after. */
    public void closeLeases() {
        if (leasing != null) {
            leasing.close();
        }
    }

    @Override
    public KeyPage keys(Policy policy, String cursor, int count) {
        return redis.keys(policy, cursor, count);
    }

    @Override
    public OptionalLong timeToLiveMillis(Policy policy, String clientKey) {
        return redis.timeToLiveMillis(policy, clientKey);
    }

    @Override
    public ResetProgress resetSome(Policy policy, String cursor, java.time.Duration budget) {
        forget(policy.name(), null);
        if (KeyPage.START.equals(cursor) && local instanceof BucketInventory inventory) {
            inventory.resetAll(policy);
        }
        return redis.resetSome(policy, cursor, budget);
    }

    public boolean ping() {
        return redis.ping();
    }

    /** {@return the store this node decides on alone when the failure mode is local} */
    public RateLimiter local() {
        return local;
    }

    public CircuitBreaker breaker() {
        return breaker;
    }

    /** {@return the fallback episodes of this node: the one running, the last, the counts by cause} */
    public FallbackEpisodes episodes() {
        return episodes;
    }

    /** {@return admissions this node made alone that are not yet charged to Redis, by key} */
    public int uncharged() {
        return fallback.debts().size();
    }

    /** {@return the store it decorates} */
    public SharedStore store() {
        return redis;
    }

    @Override
    public void close() {
        closeLeases();
        redis.close();
    }
}
