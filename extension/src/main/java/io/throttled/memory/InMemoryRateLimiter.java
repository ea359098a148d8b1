package io.throttled.memory;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import io.throttled.core.BucketInventory;
import io.throttled.core.BucketKeys;
import io.throttled.core.Clock;
import io.throttled.core.Decision;
import io.throttled.core.Policy;
import io.throttled.core.RateLimiter;
import java.util.List;
import java.util.OptionalLong;

/**
 * Decides in this JVM with the same arithmetic as the Redis scripts: the default when no Redis is
 * configured, the test oracle for the scripts, and the local fallback when Redis is down.
 *
 * <p>Thread-safe: each bucket is updated inside the cache's per-key compute. Idle buckets are evicted
 * when they would decide like fresh ones; the cache is bounded ({@link Builder#maximumSize}), and a bucket
 * evicted early for space starts full again.
 */
public final class InMemoryRateLimiter implements RateLimiter, BucketInventory {
    public static final long DEFAULT_MAXIMUM_SIZE = 1_000_000;

    private final Clock clock;
    private final BucketKeys keys;
    private final Cache<String, Bucket> buckets;

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

    public static Builder builder() {
        return new Builder();
    }

    /** A limiter on the system clock with default settings. */
    public static InMemoryRateLimiter create() {
        return builder().build();
    }

    @Override
    public Decision acquire(Policy policy, String key, long cost) {
        RateLimiter.checkArguments(policy, key, cost);
        long now = clock.nowMicros();
        Decision[] decision = new Decision[1];
        buckets.asMap().compute(keys.bucket(policy, key), (name, bucket) -> {
            Bucket b = bucket == null ? new Bucket() : bucket;
            decision[0] = b.decide(policy, now, cost);
            return b.freshAt() > now ? b : null;
        });
        return decision[0];
    }

    @Override
    public void reset(Policy policy, String key) {
        RateLimiter.checkArguments(policy, key, 0);
        buckets.invalidate(keys.bucket(policy, key));
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
        buckets.invalidateAll(names);
        return names.size();
    }

    /** Buckets currently held (approximate; for tests and metrics). */
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

    public static final class Builder {
        private Clock clock = Clock.system();
        private String keyPrefix = BucketKeys.DEFAULT_PREFIX;
        private long maximumSize = DEFAULT_MAXIMUM_SIZE;

        private Builder() {
        }

        public Builder clock(Clock value) {
            this.clock = value;
            return this;
        }

        public Builder keyPrefix(String value) {
            this.keyPrefix = value;
            return this;
        }

        /** The most buckets held at once (default one million). */
        public Builder maximumSize(long value) {
            if (value < 1) {
                throw new IllegalArgumentException("maximumSize " + value + " must be at least 1");
            }
            this.maximumSize = value;
            return this;
        }

        public InMemoryRateLimiter build() {
            return new InMemoryRateLimiter(this);
        }
    }
}
