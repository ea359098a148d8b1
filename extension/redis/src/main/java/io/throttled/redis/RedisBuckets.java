package io.throttled.redis;

import io.throttled.core.BucketInventory.KeyPage;
import io.throttled.core.BucketInventory.ResetProgress;
import io.throttled.core.BucketKeys;
import io.throttled.core.Limit;
import io.throttled.core.Policy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The buckets as Redis holds them, for operators: one client's bucket reset or its time to live (bucket.lua, one
 * call each), a policy's clients listed (SCAN) or all reset (SCAN and UNLINK), and whether Redis answers.
 */
final class RedisBuckets {
    /** Keys per SCAN and UNLINK of a bulk reset: small, so Redis never blocks for long. */
    private static final int RESET_BATCH = 500;

    private final RedisScripting redis;
    private final RedisKeyspace keyspace;
    private final BucketKeys keys;

    /**
     * @param keyspace the builder's; when null, one on a {@link JedisScripting}'s client, or none (listing, bulk
     *                 reset and ping then fail)
     */
    RedisBuckets(RedisScripting redis, RedisKeyspace keyspace, BucketKeys keys) {
        this.redis = redis;
        this.keyspace = keyspace != null ? keyspace
                : redis instanceof JedisScripting jedis ? new JedisKeyspace(jedis.client()) : null;
        this.keys = keys;
    }

    void reset(Policy policy, String key, String now) {
        redis.run(bucketCall("reset", policy, key, now));
    }

    OptionalLong timeToLiveMillis(Policy policy, String clientKey, String now) {
        long ttl = (Long) redis.run(bucketCall("ttl", policy, clientKey, now));
        return ttl < 0 ? OptionalLong.empty() : OptionalLong.of(ttl);
    }

    /** SCAN for {@code <prefix><policy>:{*}}: every limit key of every client, deduplicated per page. */
    KeyPage keys(Policy policy, String cursor, int count) {
        String stem = keys.prefix() + policy.name() + ":{";
        RedisKeyspace.Page page = keyspace().scan(cursor, stem + "*", Math.max(1, count));
        Set<String> clients = new LinkedHashSet<>();
        for (String key : page.keys()) {
            int close = key.indexOf('}', stem.length());
            if (close > 0) {
                clients.add(key.substring(stem.length(), close));
            }
        }
        return new KeyPage(List.copyOf(clients), page.nextCursor());
    }

    /** SCAN and UNLINK in batches of at most {@value #RESET_BATCH} keys until done or the budget is spent. */
    ResetProgress resetSome(Policy policy, String cursor, Duration budget) {
        String pattern = keys.prefix() + policy.name() + ":{*";
        long until = System.nanoTime() + budget.toNanos();
        long removed = 0;
        String next = cursor;
        do {
            RedisKeyspace.Page page = keyspace().scan(next, pattern, RESET_BATCH);
            removed += keyspace().unlink(page.keys());
            next = page.nextCursor();
        } while (!KeyPage.START.equals(next) && System.nanoTime() - until < 0);
        return new ResetProgress(removed, next);
    }

    boolean ping() {
        return keyspace().ping();
    }

    private ScriptCall bucketCall(String mode, Policy policy, String key, String now) {
        AlgorithmScript script = AlgorithmScripts.of(policy);
        String bucket = keys.bucket(policy, key);
        List<String> scriptKeys = new ArrayList<>(policy.limits().size());
        List<String> args = new ArrayList<>(policy.limits().size() + 2);
        args.add(mode);
        args.add(now);
        for (Limit limit : policy.limits()) {
            scriptKeys.add(BucketKeys.limit(bucket, policy, limit));
            args.add(Long.toString(script.windowedKeyMicros(limit)));
        }
        if (policy.waiting().bounded()) {
            scriptKeys.add(BucketKeys.waiters(bucket));   // a reset forgets the waiters too
            args.add("0");
        }
        if (policy.leasing().auto()) {
            scriptKeys.add(BucketKeys.leases(bucket));    // and the leases out
            args.add("0");
        }
        return new ScriptCall(AlgorithmScripts.BUCKET, scriptKeys, args);
    }

    private RedisKeyspace keyspace() {
        if (keyspace == null) {
            throw new IllegalStateException("this limiter was built without a RedisKeyspace");
        }
        return keyspace;
    }
}
