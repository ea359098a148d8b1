package io.throttled.memory;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
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
import java.util.concurrent.locks.ReentrantLock;

/**
 * Decides in this JVM with the same arithmetic as the Redis scripts: the default when no Redis is
 * configured, the test oracle for the scripts, and the local fallback when Redis is down.
 *
 * <p>Thread-safe: a decision holds its buckets' locks ({@link BucketLocks}) from check to commit, so a
 * group of requests is decided all-or-none like the group script on Redis. Idle buckets are evicted
 * when they would decide like fresh ones; the cache is bounded ({@link Builder#maximumSize}), and a bucket
 * evicted early for space starts full again.
 */
public final class InMemoryRateLimiter implements RateLimiter, BucketInventory {
    /** The most buckets held at once unless {@link Builder#maximumSize} says otherwise. */
    public static final long DEFAULT_MAXIMUM_SIZE = 1_000_000;

    private final Clock clock;
    private final BucketKeys keys;
    private final Cache<String, Bucket> buckets;
    private final BucketLocks locks = new BucketLocks();

    private InMemoryRateLimiter(Builder builder) {
        this.clock = builder.clock;
        this.keys = new BucketKeys(builder.keyPrefix);
        this.buckets = Caffeine.newBuilder()
                .maximumSize(builder.maximumSize)
                .ticker(() -> clock.nowMicros() * 1000)
                .expireAfter(new UntilFresh(clock))
                .executor(Runnable::run)   // maintenance on the caller, never on the JVM-wide common pool
                .build();
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
        return onBucket(keys.bucket(policy, key), now, b -> b.decide(policy, now, cost));
    }

    /**
     * Runs {@code step} on the named bucket (a fresh one when there is none) under its lock, and forgets the
     * bucket once it reads like a fresh one again.
     */
    private Decision onBucket(String name, long now, java.util.function.Function<Bucket, Decision> step) {
        Decision[] decision = new Decision[1];
        ReentrantLock lock = locks.lock(name);
        try {
            buckets.asMap().compute(name, (n, bucket) -> {
                Bucket b = bucket == null ? new Bucket() : bucket;
                decision[0] = step.apply(b);
                return b.freshAt() > now ? b : null;
            });
        } finally {
            lock.unlock();
        }
        return decision[0];
    }

    /** Like reserve.lua, under the bucket's lock. */
    @Override
    public Decision reserve(Policy policy, String key, long cost) {
        RateLimiter.checkArguments(policy, key, cost);
        if (!policy.waiting().waits()) {
            return acquire(policy, key, cost);
        }
        long now = clock.nowMicros();
        Decision d = onBucket(keys.bucket(policy, key), now, b -> b.reserve(policy, now, cost));
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
        boolean[] moved = new boolean[1];
        onBucket(keys.bucket(policy, key), now, b -> {
            moved[0] = b.penalize(policy, now, now + waitMillis * 1000);
            return null;
        });
        return moved[0];
    }

    /** Like release.lua, under the bucket's lock. */
    @Override
    public boolean release(Policy policy, Reservation reservation) {
        if (policy == null || reservation == null || !policy.name().equals(reservation.policy())) {
            throw new IllegalArgumentException("a reservation is given back under the policy it was made under");
        }
        long now = clock.nowMicros();
        String name = keys.bucket(policy, reservation.key());
        boolean[] released = new boolean[1];
        ReentrantLock lock = locks.lock(name);
        try {
            buckets.asMap().computeIfPresent(name, (n, b) -> {
                released[0] = b.release(policy, reservation, now);
                return b.freshAt() > now ? b : null;
            });
        } finally {
            lock.unlock();
        }
        return released[0];
    }

    /** All or none, like the group script: every bucket is checked, then all are committed or none. */
    @Override
    public List<Decision> acquireTogether(List<Acquisition> requests) {
        RateLimiter.checkArguments(requests);
        if (requests.size() == 1) {
            Acquisition only = requests.get(0);
            return List.of(acquire(only.policy(), only.key(), only.cost()));
        }
        String[] names = new String[requests.size()];
        for (int i = 0; i < names.length; i++) {
            names[i] = keys.bucket(requests.get(i).policy(), requests.get(i).key());
        }
        int[] held = locks.lockAll(names);
        try {
            return decideHeld(requests, names, clock.nowMicros());
        } finally {
            locks.unlock(held);
        }
    }

    /** The group's decisions; the caller holds every bucket's lock. */
    private List<Decision> decideHeld(List<Acquisition> requests, String[] names, long now) {
        int n = requests.size();
        Bucket[] held = new Bucket[n];
        Bucket.Check[] checks = new Bucket.Check[n];
        boolean admitted = true;
        for (int i = 0; i < n; i++) {
            Acquisition r = requests.get(i);
            Bucket b = buckets.getIfPresent(names[i]);
            held[i] = b == null ? new Bucket() : b;
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
            // put or drop, as the single decision's compute does, so the cache's expiry follows the state
            if (held[i].freshAt() > now) {
                buckets.put(names[i], held[i]);
            } else {
                buckets.invalidate(names[i]);
            }
        }
        return decisions;
    }

    @Override
    public void reset(Policy policy, String key) {
        RateLimiter.checkArguments(policy, key, 0);
        String name = keys.bucket(policy, key);
        ReentrantLock lock = locks.lock(name);
        try {
            buckets.invalidate(name);
        } finally {
            lock.unlock();
        }
    }

    /** Keys in order; the cursor is the last key of the previous page. */
    @Override
    public KeyPage keys(Policy policy, String cursor, int count) {
        String stem = keys.prefix() + policy.name() + ":{";
        String after = KeyPage.START.equals(cursor) ? "" : cursor;
        List<String> page = buckets.asMap().keySet().stream()
                .filter(k -> k.startsWith(stem))
                .map(k -> k.substring(stem.length(), k.length() - 1))
                .filter(k -> k.compareTo(after) > 0)
                .sorted()
                .limit(Math.max(1, count))
                .toList();
        return new KeyPage(page, page.size() < Math.max(1, count) ? KeyPage.START : page.get(page.size() - 1));
    }

    @Override
    public OptionalLong timeToLiveMillis(Policy policy, String clientKey) {
        Bucket bucket = buckets.getIfPresent(keys.bucket(policy, clientKey));
        long now = clock.nowMicros();
        if (bucket == null || bucket.freshAt() <= now) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Math.floorDiv(bucket.freshAt() - now + 999, 1000));
    }

    @Override
    public long resetAll(Policy policy) {
        String stem = keys.prefix() + policy.name() + ":{";
        List<String> names = buckets.asMap().keySet().stream().filter(k -> k.startsWith(stem)).toList();
        for (String name : names) {
            ReentrantLock lock = locks.lock(name);   // not between a group's check and its commit
            try {
                buckets.invalidate(name);
            } finally {
                lock.unlock();
            }
        }
        return names.size();
    }

    /** {@return the buckets currently held (approximate; for tests and metrics)} */
    public long size() {
        buckets.cleanUp();
        return buckets.estimatedSize();
    }

    /** Keeps each bucket until it would decide like a fresh one. */
    private static final class UntilFresh implements Expiry<String, Bucket> {
        private final Clock clock;

        UntilFresh(Clock clock) {
            this.clock = clock;
        }

        @Override
        public long expireAfterCreate(String key, Bucket bucket, long currentTime) {
            return nanosUntilFresh(bucket);
        }

        @Override
        public long expireAfterUpdate(String key, Bucket bucket, long currentTime, long currentDuration) {
            return nanosUntilFresh(bucket);
        }

        @Override
        public long expireAfterRead(String key, Bucket bucket, long currentTime, long currentDuration) {
            return currentDuration;
        }

        private long nanosUntilFresh(Bucket bucket) {
            return Math.max(0, bucket.freshAt() - clock.nowMicros()) * 1000;
        }
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
