package io.throttled.lease;

import io.throttled.core.Decision;
import io.throttled.core.ExtensionThreads;
import io.throttled.core.Limit;
import io.throttled.core.Policy;
import io.throttled.core.RateLimiter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Token leases for hot keys of policies with {@code lease=auto}, in front of a store's limiter.
 *
 * <p>Every call of such a policy is counted per key over periods of one lease lifetime. A key whose calls in the
 * last (or the current) period would take at least {@value #MIN_CALLS_PER_LEASE} calls' worth of tokens is hot:
 * its next call that finds no lease takes one from the store in one call ({@link LeaseStore#exchange}), of
 * about the tokens the key took locally in one lifetime, at most the smallest burst, and gives back in the same
 * call what the previous lease left unused. Calls are then admitted from the lease here, without a store call
 * ({@link Decision.Origin#LEASE}), until it is used up or its time is up. A lease is used for at most
 * {@value #USE_PERCENT} % of its lifetime on this node's clock, counted from before the request was sent, so it
 * stops here before the store stops counting it as out, and its give-back reaches the store while that still
 * counts. Keys that are not hot never lease: they are decided by the store's limiter, one call each.
 *
 * <p>When fewer tokens than half the lease wanted are free, the key is denied (the store's answer says how long
 * until they are) and this node repeats that denial until then, without a store call.
 *
 * <p>A timer thread (started with the first lease, stopped by {@link #close}) gives back leases whose time is up
 * on keys that went quiet, and forgets idle keys. {@link #revoke} and {@link #revokeAll} drop leases at once: an
 * operator reset the bucket or the policies changed.
 *
 * <p>One class of about 330 lines: the decision path, the give-back timer and {@link #close} share the map of
 * watched keys and each key's monitor, and splitting them would spread that locking protocol over several files.
 * Each key's state is {@code KeyLeases} (with its {@code Lease}), keyed by {@code KeyId}.
 */
public final class LeasingRateLimiter implements RateLimiter, AutoCloseable {
    private static final System.Logger LOG = System.getLogger(LeasingRateLimiter.class.getName());
    /** A key is hot when one lifetime's calls would fill a lease of at least this many calls. */
    public static final int MIN_CALLS_PER_LEASE = 4;
    /** The share of its lifetime a lease is used on this node: the rest is margin for the give-back. */
    public static final int USE_PERCENT = 80;
    /** How many keys are watched at most; beyond, new keys are not watched (they never lease). */
    public static final int DEFAULT_MAX_KEYS = 10_000;

    private final RateLimiter delegate;
    private final LeaseStore store;
    private final LongSupplier nanoTime;
    private final long tickMillis;
    private final int maxKeys;
    private final Map<KeyId, KeyLeases> keys = new ConcurrentHashMap<>();
    private final String node = UUID.randomUUID().toString().substring(0, 8);
    private final AtomicLong sequence = new AtomicLong();
    private final AtomicLong exchanges = new AtomicLong();
    private ScheduledExecutorService timer;
    private boolean closed;

    /**
     * A leasing limiter.
     *
     * @param delegate   the store's limiter, for keys that are not hot, peeks and policies without leases
     * @param store      where leases come from (the same store)
     * @param nanoTime   this node's monotonic clock in ns ({@code System::nanoTime}; tests inject their own)
     * @param tickMillis how often the timer gives back leases whose time is up; 0 = no timer (tests call
     *                   {@link #giveBackExpired()} themselves)
     * @param maxKeys    the most keys watched at once
     */
    public LeasingRateLimiter(RateLimiter delegate, LeaseStore store, LongSupplier nanoTime, long tickMillis, int maxKeys) {
        this.delegate = delegate;
        this.store = store;
        this.nanoTime = nanoTime;
        this.tickMillis = tickMillis;
        this.maxKeys = maxKeys;
    }

    /**
     * A leasing limiter on the system clock, with a timer every 5 ms.
     *
     * @param delegate the store's limiter
     * @param store    where leases come from
     * @return the limiter; {@link #close} it with the application
     */
    public static LeasingRateLimiter on(RateLimiter delegate, LeaseStore store) {
        return new LeasingRateLimiter(delegate, store, System::nanoTime, 5, DEFAULT_MAX_KEYS);
    }

    @Override
    public Decision acquire(Policy policy, String key, long cost) {
        RateLimiter.checkArguments(policy, key, cost);
        Decision local = fromLease(policy, key, cost);
        return local != null ? local : decide(policy, key, cost);
    }

    /**
     * Counts the call and answers it here when it can: from the key's lease, or by repeating a lease denial
     * until its retry-after. Null when the store must be asked ({@link #decide}).
     *
     * @param policy the policy
     * @param key    the client's key
     * @param cost   the tokens to take
     * @return a decision made here, or null
     */
    public Decision fromLease(Policy policy, String key, long cost) {
        if (!policy.leasing().auto() || cost == 0) {
            return null;
        }
        KeyLeases entry = entry(policy, key);
        if (entry == null) {
            return null;
        }
        synchronized (entry) {
            long now = nanoTime.getAsLong();
            entry.sameRules(policy);
            entry.count(now, cost);
            return entry.local(now, cost);
        }
    }

    /**
     * Asks the store: a hot key gives back its last lease and takes a new one in one call, and the call is
     * admitted from it; any other key is decided by the store's limiter. Errors of the store reach the caller.
     *
     * @param policy the policy
     * @param key    the client's key
     * @param cost   the tokens to take
     * @return the decision
     */
    public Decision decide(Policy policy, String key, long cost) {
        if (!policy.leasing().auto() || cost == 0) {
            return delegate.acquire(policy, key, cost);
        }
        KeyLeases entry = keys.get(new KeyId(policy.name(), key));
        if (entry == null) {
            return delegate.acquire(policy, key, cost);
        }
        synchronized (entry) {
            long now = nanoTime.getAsLong();
            entry.sameRules(policy);
            Decision local = entry.local(now, cost);   // another thread may have leased meanwhile
            if (local != null) {
                return local;
            }
            long want = entry.want(policy, cost);
            if (want == 0) {
                return delegate.acquire(policy, key, cost);
            }
            long least = Math.max(cost, want / 2 / cost * cost);
            Lease old = entry.lease;
            entry.lease = null;   // closed before the call: nothing is admitted from it any more
            String id = node + "-" + sequence.incrementAndGet();
            exchanges.incrementAndGet();
            LeaseGrant grant = store.exchange(policy, key, want, least, old == null ? "" : old.id,
                    old == null ? 0 : old.left, id);
            long lifetimeNanos = TimeUnit.MILLISECONDS.toNanos(policy.leasing().lifetimeMillis());
            if (grant.tokens() >= cost) {
                entry.lease = new Lease(id, grant.tokens() - cost, now, now + lifetimeNanos * USE_PERCENT / 100, grant);
                startTimer();
                return entry.lease.decision(policy, now);
            }
            Decision denied = new Decision(false, grant.remaining(), grant.retryAfterMillis(), grant.resetAfterMillis(),
                    grant.limit(), policy.name());
            if (grant.retryAfterMillis() > 0) {
                entry.holdUntil = now + TimeUnit.MILLISECONDS.toNanos(Math.min(grant.retryAfterMillis(),
                        policy.leasing().lifetimeMillis()));
                entry.held = denied;
            }
            return denied;
        }
    }

    /**
     * Gives back every lease whose time is up (one store call each, for keys that went quiet: a busy key gives
     * back with its next lease), and forgets keys idle for ten lifetimes. The timer calls this; tests may too.
     *
     * @return how many leases were given back
     */
    public int giveBackExpired() {
        long now = nanoTime.getAsLong();
        List<Object[]> due = new ArrayList<>();
        for (Map.Entry<KeyId, KeyLeases> e : keys.entrySet()) {
            KeyLeases entry = e.getValue();
            synchronized (entry) {
                Lease lease = entry.lease;
                if (lease != null && now >= lease.usableUntil) {
                    entry.lease = null;
                    if (lease.left > 0) {
                        due.add(new Object[] {entry.policy, e.getKey().key(), lease});
                    }
                }
                long idle = TimeUnit.MILLISECONDS.toNanos(entry.policy.leasing().lifetimeMillis()) * 10;
                if (entry.lease == null && now - entry.lastCall > idle && now >= entry.holdUntil) {
                    keys.remove(e.getKey(), entry);
                }
            }
        }
        int given = 0;
        for (Object[] d : due) {
            Lease lease = (Lease) d[2];
            try {
                exchanges.incrementAndGet();
                store.exchange((Policy) d[0], (String) d[1], 0, 1, lease.id, lease.left, "");
                given++;
            } catch (RuntimeException ex) {
                // the tokens stay out until the lease ends on the store: lost to this round, never over the limit
                LOG.log(System.Logger.Level.DEBUG, "throttled: could not give back a lease: {0}", ex.toString());
            }
        }
        return given;
    }

    /**
     * Drops this node's leases of a policy's key at once, without giving them back (an operator reset the bucket).
     *
     * @param policyName the policy
     * @param key        the client's key, or null for every key of the policy
     */
    public void revoke(String policyName, String key) {
        keys.forEach((id, entry) -> {
            if (id.policy().equals(policyName) && (key == null || id.key().equals(key))) {
                synchronized (entry) {
                    entry.drop();
                }
            }
        });
    }

    /** Drops every lease of this node at once (the policies changed). */
    public void revokeAll() {
        keys.values().forEach(entry -> {
            synchronized (entry) {
                entry.drop();
            }
        });
    }

    /** {@return how many store calls this limiter made for leases (takes and give-backs), for tests and metrics} */
    public long exchanges() {
        return exchanges.get();
    }

    /**
     * The tokens left in this node's lease of a key, for tests and tools.
     *
     * @param policyName the policy
     * @param key        the client's key
     * @return the tokens left, 0 when there is no lease in force
     */
    public long leasedTokens(String policyName, String key) {
        KeyLeases entry = keys.get(new KeyId(policyName, key));
        if (entry == null) {
            return 0;
        }
        synchronized (entry) {
            Lease lease = entry.lease;
            return lease == null || nanoTime.getAsLong() >= lease.usableUntil ? 0 : lease.left;
        }
    }

    @Override
    public void reset(Policy policy, String key) {
        revoke(policy.name(), key);
        delegate.reset(policy, key);
    }

    /**
     * Stops the timer (waiting for it) and gives back every lease still out, best effort; the store's connection
     * may be closed after.
     */
    @Override
    public void close() {
        ScheduledExecutorService stopping;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            stopping = timer;
        }
        if (stopping != null) {
            ExtensionThreads.stop(stopping, "the lease timer", Duration.ofSeconds(5));
        }
        keys.values().forEach(entry -> {
            Lease lease;
            synchronized (entry) {
                lease = entry.lease;
                entry.lease = null;
            }
            if (lease != null && lease.left > 0) {
                try {
                    store.exchange(entry.policy, entry.key, 0, 1, lease.id, lease.left, "");
                } catch (RuntimeException e) {
                    LOG.log(System.Logger.Level.DEBUG, "throttled: could not give back a lease: {0}", e.toString());
                }
            }
        });
        keys.clear();
    }

    /** {@return whether the timer thread runs} */
    public synchronized boolean timerRunning() {
        return timer != null && !timer.isShutdown();
    }

    private synchronized void startTimer() {
        if (timer != null || closed || tickMillis <= 0) {
            return;
        }
        timer = Executors.newSingleThreadScheduledExecutor(ExtensionThreads.factory("throttled-lease-giveback"));
        timer.scheduleWithFixedDelay(() -> {
            try {
                giveBackExpired();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.DEBUG, "throttled: lease give-back pass failed: {0}", e.toString());
            }
        }, tickMillis, tickMillis, TimeUnit.MILLISECONDS);
    }

    private KeyLeases entry(Policy policy, String key) {
        KeyId id = new KeyId(policy.name(), key);
        KeyLeases entry = keys.get(id);
        if (entry != null) {
            return entry;
        }
        if (keys.size() >= maxKeys) {
            return null;   // too many keys watched: this one is not, and never leases until room is made
        }
        return keys.computeIfAbsent(id, k -> new KeyLeases(policy, key, nanoTime.getAsLong()));
    }
}
