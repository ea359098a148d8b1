package io.throttled.memory;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import io.throttled.core.Acquisition;
import io.throttled.core.BucketInventory;
import io.throttled.core.BucketKeys;
import io.throttled.core.Clock;
import io.throttled.core.Decision;
import io.throttled.core.Policy;
import io.throttled.core.RateLimiter;
import io.throttled.core.Reservation;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * Decides in this JVM with the same arithmetic as the Redis scripts: the default when no Redis is
 * configured, the test oracle for the scripts, and the local fallback when Redis is down.
 *
 * <p>Thread-safe: a decision holds its buckets' locks ({@link BucketLocks}) from check to commit, so a
 * group of requests is decided all-or-none like the group script on Redis. A bucket is changed in place, so a
 * decision on a known key reads the cache and writes nothing to it. Its states expire by themselves, as
 * their Redis keys would, and idle buckets are forgotten by an {@link IdleSweep}; the cache is bounded
 * ({@link Builder#maximumSize}), and a bucket evicted early for space starts full again.
 *
 * <p>About 370 lines, with its builder: every {@code RateLimiter} operation (single, group, reservation, lease,
 * inventory) is a few lines over the same cache and locks, and the arithmetic lives in the {@code LimitState}s.
 */
public final class InMemoryRateLimiter implements RateLimiter, BucketInventory {
    /** The most buckets held at once unless {@link Builder#maximumSize} says otherwise. */
    public static final long DEFAULT_MAXIMUM_SIZE = 1_000_000;

    private final Clock clock;
    private final Cache<BucketName, Bucket> cache;
    private final LongAdder evictions = new LongAdder();
    /** The cache as a map: the same entries, without the wrapper's lambdas. */
    private final ConcurrentMap<BucketName, Bucket> buckets;
    private final BucketLocks locks = new BucketLocks();
    private final IdleSweep sweep;

    private InMemoryRateLimiter(Builder builder) {
        new BucketKeys(builder.keyPrefix);   // checks the prefix; no bucket name in this JVM carries it
        this.clock = builder.clock;
        // no expiry in the cache: a variable expiry rewritten on every decision cost more than the decision
        this.cache = Caffeine.newBuilder()
                .maximumSize(builder.maximumSize)
                .executor(Runnable::run)   // maintenance on the caller, never on the JVM-wide common pool
                .evictionListener((BucketName name, Bucket bucket, RemovalCause cause) -> {
                    if (cause == RemovalCause.SIZE) {
                        evictions.increment();   // a bucket dropped for space starts full: worth watching
                    }
                })
                .build();
        this.buckets = cache.asMap();
        this.sweep = new IdleSweep(buckets, locks);
    }

    /** {@return a builder: the system clock, the default key prefix and size} */
    public static Builder builder() {
        return new Builder();
    }

    /** {@return a limiter on the system clock with default settings} */
    public static InMemoryRateLimiter create() {
        return builder().build();
    }

    @Override
    public Decision acquire(Policy policy, String key, long cost) {
        RateLimiter.checkArguments(policy, key, cost);
        long now = clock.nowMicros();
        BucketName name = name(policy, key);
        Decision decision;
        ReentrantLock lock = locks.lock(name);
        try {
            Bucket bucket = buckets.get(name);
            if (bucket != null) {
                decision = bucket.decide(policy, now, cost);
            } else {
                bucket = new Bucket();
                decision = bucket.decide(policy, now, cost);
                keepIfLive(name, bucket, now);
            }
        } finally {
            lock.unlock();
        }
        sweep.maybeRun(now);
        return decision;
    }

    private static BucketName name(Policy policy, String clientKey) {
        return new BucketName(policy.name(), BucketKeys.safe(clientKey));
    }

    /** Stores a new bucket unless it already reads like a fresh one (a peek, a denial); the caller holds its lock. */
    private void keepIfLive(BucketName name, Bucket bucket, long now) {
        if (bucket.freshAt() > now) {
            buckets.put(name, bucket);
        }
    }

    /** Runs {@code step} on the named bucket (a new one when there is none) under its lock. */
    private <T> T onBucket(BucketName name, long now, Function<Bucket, T> step) {
        T result;
        ReentrantLock lock = locks.lock(name);
        try {
            Bucket bucket = buckets.get(name);
            if (bucket != null) {
                result = step.apply(bucket);
            } else {
                bucket = new Bucket();
                result = step.apply(bucket);
                keepIfLive(name, bucket, now);
            }
        } finally {
            lock.unlock();
        }
        sweep.maybeRun(now);
        return result;
    }

    /**
     * Takes up to {@code tokens} from every limit of the key's bucket, as much as each has now, never denying:
     * the local fallback's way to start a key from the state Redis last answered rather than full.
     *
     * @param policy the policy
     * @param key    the client key
     * @param tokens at most this many, 0 or more
     * @return what the policy's first limit gave
     */
    public long charge(Policy policy, String key, long tokens) {
        RateLimiter.checkArguments(policy, key, 0);
        if (tokens <= 0) {
            return 0;
        }
        long now = clock.nowMicros();
        return onBucket(name(policy, key), now, b -> b.charge(policy, now, tokens));
    }

    /** Like reserve.lua, under the bucket's lock. */
    @Override
    public Decision reserve(Policy policy, String key, long cost) {
        RateLimiter.checkArguments(policy, key, cost);
        if (!policy.waiting().waits()) {
            return acquire(policy, key, cost);
        }
        long now = clock.nowMicros();
        Decision d = onBucket(name(policy, key), now, b -> b.reserve(policy, now, cost));
        if (d.reserved()) {   // the bucket does not know the client key; the reservation names it
            Reservation r = d.reservation();
            d = new Decision(d.allowed(), d.remaining(), d.retryAfterMillis(), d.resetAfterMillis(), d.limit(), d.policy(),
                    d.origin(), new Reservation(r.policy(), key, r.waitMillis(), r.slotMicros(), r.written(), r.previous(),
                    r.previousExpiryMillis()));
        }
        return d;
    }

    /** Like penalty.lua, under the bucket's lock. */
    @Override
    public boolean penalize(Policy policy, String key, long waitMillis) {
        RateLimiter.checkPenalty(policy, key, waitMillis);
        long now = clock.nowMicros();
        return onBucket(name(policy, key), now, b -> b.penalize(policy, now, now + waitMillis * 1000));
    }

    /** Like release.lua, under the bucket's lock. */
    @Override
    public boolean release(Policy policy, Reservation reservation) {
        if (policy == null || reservation == null || !policy.name().equals(reservation.policy())) {
            throw new IllegalArgumentException("a reservation is given back under the policy it was made under");
        }
        long now = clock.nowMicros();
        BucketName name = name(policy, reservation.key());
        ReentrantLock lock = locks.lock(name);
        try {
            Bucket bucket = buckets.get(name);
            return bucket != null && bucket.release(policy, reservation, now);
        } finally {
            lock.unlock();
        }
    }

    /** All or none, like the group script: every bucket is checked, then all are committed or none. */
    @Override
    public List<Decision> acquireTogether(List<Acquisition> requests) {
        RateLimiter.checkArguments(requests);
        if (requests.size() == 1) {
            Acquisition only = requests.get(0);
            return List.of(acquire(only.policy(), only.key(), only.cost()));
        }
        BucketName[] names = new BucketName[requests.size()];
        for (int i = 0; i < names.length; i++) {
            names[i] = name(requests.get(i).policy(), requests.get(i).key());
        }
        long now = clock.nowMicros();
        List<Decision> decisions;
        int[] held = locks.lockAll(names);
        try {
            decisions = decideHeld(requests, names, now);
        } finally {
            locks.unlock(held);
        }
        sweep.maybeRun(now);
        return decisions;
    }

    /** The group's decisions; the caller holds every bucket's lock. */
    private List<Decision> decideHeld(List<Acquisition> requests, BucketName[] names, long now) {
        int n = requests.size();
        Bucket[] held = new Bucket[n];
        boolean[] created = new boolean[n];
        Bucket.Check[] checks = new Bucket.Check[n];
        boolean admitted = true;
        for (int i = 0; i < n; i++) {
            Acquisition r = requests.get(i);
            held[i] = buckets.get(names[i]);
            if (held[i] == null) {
                held[i] = new Bucket();
                created[i] = true;
            }
            checks[i] = held[i].check(r.policy(), now, r.cost());
            admitted &= checks[i].decision.allowed() || !r.policy().enforce();
        }
        List<Decision> decisions = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Acquisition r = requests.get(i);
            Decision d = checks[i].decision;
            if (d.allowed() && r.cost() > 0) {
                if (admitted) {
                    checks[i].commit(now, r.cost());
                } else {
                    d = held[i].check(r.policy(), now, 0).decision;   // nothing taken: report as a peek
                }
            }
            decisions.add(d);
            if (created[i]) {
                keepIfLive(names[i], held[i], now);
            }
        }
        return decisions;
    }

    @Override
    public void reset(Policy policy, String key) {
        RateLimiter.checkArguments(policy, key, 0);
        BucketName name = name(policy, key);
        ReentrantLock lock = locks.lock(name);
        try {
            buckets.remove(name);
        } finally {
            lock.unlock();
        }
    }

    /** Keys in order; the cursor is the last key of the previous page. */
    @Override
    public KeyPage keys(Policy policy, String cursor, int count) {
        String after = KeyPage.START.equals(cursor) ? "" : cursor;
        long now = clock.nowMicros();
        List<String> page = buckets.keySet().stream()
                .filter(n -> n.policy().equals(policy.name()) && n.key().compareTo(after) > 0)
                .filter(n -> freshAt(n) > now)
                .map(BucketName::key)
                .sorted()
                .limit(Math.max(1, count))
                .toList();
        return new KeyPage(page, page.size() < Math.max(1, count) ? KeyPage.START : page.get(page.size() - 1));
    }

    @Override
    public OptionalLong timeToLiveMillis(Policy policy, String clientKey) {
        long freshAt = freshAt(name(policy, clientKey));
        long now = clock.nowMicros();
        if (freshAt <= now) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Math.floorDiv(freshAt - now + 999, 1000));
    }

    /** When the named bucket reads like a fresh one (µs), read under its lock; 0 when there is none. */
    private long freshAt(BucketName name) {
        ReentrantLock lock = locks.lock(name);
        try {
            Bucket bucket = buckets.get(name);
            return bucket == null ? 0 : bucket.freshAt();
        } finally {
            lock.unlock();
        }
    }

    /** Drops every bucket of the policy at once (memory is quick); see {@link #resetAll}. */
    @Override
    public ResetProgress resetSome(Policy policy, String cursor, java.time.Duration budget) {
        return new ResetProgress(resetAll(policy), KeyPage.START);
    }

    /** Drops every bucket of the policy; counts those that were live, as Redis counts the keys it deletes. */
    @Override
    public long resetAll(Policy policy) {
        long now = clock.nowMicros();
        List<BucketName> names = buckets.keySet().stream().filter(n -> n.policy().equals(policy.name())).toList();
        long live = 0;
        for (BucketName name : names) {
            ReentrantLock lock = locks.lock(name);   // not between a group's check and its commit
            try {
                Bucket bucket = buckets.remove(name);
                if (bucket != null && bucket.freshAt() > now) {
                    live++;
                }
            } finally {
                lock.unlock();
            }
        }
        return live;
    }

    /** {@return the buckets currently held (approximate; for tests and metrics)} */
    public long size() {
        cache.cleanUp();
        return cache.estimatedSize();
    }

    /**
     * Buckets dropped to stay within the maximum size ({@code throttled.memory.max-buckets}) since start: each
     * such bucket starts full when its client comes back, so a count that grows means the bound is too small (or
     * someone is making keys). Idle buckets forgotten by the sweep are not counted.
     *
     * @return the count
     */
    public long evictions() {
        cache.cleanUp();   // pending evictions counted now, not at the next write
        return evictions.sum();
    }

    /** Settings of an in-JVM limiter. */
    public static final class Builder {
        private Clock clock = Clock.system();
        private String keyPrefix = BucketKeys.DEFAULT_PREFIX;
        private long maximumSize = DEFAULT_MAXIMUM_SIZE;

        private Builder() {
        }

        /**
         * Sets the clock (the system clock unless set); tests inject one to read as timelines.
         *
         * @param value the clock
         * @return this builder
         */
        public Builder clock(Clock value) {
            this.clock = value;
            return this;
        }

        /**
         * Sets the prefix of bucket names ({@link BucketKeys#DEFAULT_PREFIX} unless set).
         *
         * @param value the prefix
         * @return this builder
         */
        public Builder keyPrefix(String value) {
            this.keyPrefix = value;
            return this;
        }

        /**
         * Sets the most buckets held at once (default one million).
         *
         * @param value at least 1
         * @return this builder
         * @throws IllegalArgumentException when the value is below 1
         */
        public Builder maximumSize(long value) {
            if (value < 1) {
                throw new IllegalArgumentException("maximumSize " + value + " must be at least 1");
            }
            this.maximumSize = value;
            return this;
        }

        /** {@return a limiter with these settings} */
        public InMemoryRateLimiter build() {
            return new InMemoryRateLimiter(this);
        }
    }
}
