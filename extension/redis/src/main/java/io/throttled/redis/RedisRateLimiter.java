package io.throttled.redis;

import io.throttled.core.Acquisition;
import io.throttled.core.BucketKeys;
import io.throttled.core.Clock;
import io.throttled.core.Decision;
import io.throttled.core.Policy;
import io.throttled.core.RateLimiter;
import io.throttled.core.SharedStore;
import io.throttled.core.Reservation;
import io.throttled.lease.LeaseGrant;
import io.throttled.lease.LeaseStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * Decides on Redis: one script call per decision, all limits of the policy at once, on the server's clock (unless
 * the builder sets a {@link Builder#clock}); several policies all or none in one call where their keys share a
 * slot ({@link #acquireTogether}).
 *
 * <pre>{@code
 * RateLimiter limiter = RedisRateLimiter.builder(new JedisScripting(RedisClient.create(url))).build();
 * Decision d = limiter.acquire(policy, "u:alice");
 * }</pre>
 *
 * <p>The engine's API: it checks the arguments, reads the clock and hands each call on to the class that builds
 * its script call and reads the reply (groups, reservations, leases, the buckets).
 */
public final class RedisRateLimiter implements SharedStore, LeaseStore {
    private final RedisScripting redis;
    private final BucketKeys keys;
    private final Clock clock;
    private final GroupDecider groups;
    private final Reservations reservations;
    private final RedisBuckets buckets;

    /** Built without loading the scripts: {@link Builder#build} loads them. */
    RedisRateLimiter(Builder builder) {
        this.redis = builder.redis;
        this.keys = new BucketKeys(builder.keyPrefix);
        this.clock = builder.clock;
        this.groups = new GroupDecider(redis, keys);
        this.reservations = new Reservations(redis, keys);
        this.buckets = new RedisBuckets(redis, builder.keyspace, keys);
    }

    /**
     * A builder on a connection, e.g. {@link RedisConnections#scripting}.
     *
     * @param redis the connection the limiter sends its scripts on; closed with the limiter
     * @return the builder
     */
    public static Builder builder(RedisScripting redis) {
        return new Builder(redis);
    }

    @Override
    public Decision acquire(Policy policy, String key, long cost) {
        RateLimiter.checkArguments(policy, key, cost);
        return DecisionReply.parse(policy, redis.run(DecisionCall.of(keys, policy, key, cost, now())));
    }

    /** One script call: the decision, or a slot reserved within the policy's max-wait (see reserve.lua). */
    @Override
    public Decision reserve(Policy policy, String key, long cost) {
        RateLimiter.checkArguments(policy, key, cost);
        if (!policy.waiting().waits()) {
            return acquire(policy, key, cost);
        }
        return reservations.reserve(policy, key, cost, now());
    }

    /** One script call (release.lua); see {@link RateLimiter#release}. */
    @Override
    public boolean release(Policy policy, Reservation reservation) {
        Reservations.checkRelease(policy, reservation);
        return reservations.release(policy, reservation, now());
    }

    /** One script call (penalty.lua); see {@link RateLimiter#penalize}. */
    @Override
    public boolean penalize(Policy policy, String key, long waitMillis) {
        RateLimiter.checkPenalty(policy, key, waitMillis);
        return reservations.penalize(policy, key, waitMillis, now());
    }

    /** One script call (lease.lua): the returned lease's unused tokens back, a new lease taken; see {@link LeaseStore}. */
    @Override
    public LeaseGrant exchange(Policy policy, String key, long want, long least, String returnedId, long unused,
                               String newId) {
        RateLimiter.checkArguments(policy, key, want);
        policy.whyNoLease().ifPresent(refused -> {
            throw new IllegalArgumentException("policy '" + policy.name() + "' cannot lease: " + refused);
        });
        return LeaseExchange.parse(policy, redis.run(
                LeaseExchange.call(keys, policy, key, want, least, returnedId, unused, newId, now())));
    }

    /**
     * All or none in one script call where the keys share a hash slot: always on one server (standalone or
     * Sentinel), and on Redis Cluster for policies keyed by the same client key. Across Cluster slots, a denial
     * already there takes nothing anywhere, but one that appears between two slots' calls does not give back
     * what the earlier slots took. A single request takes the single-policy path ({@link #acquire}).
     */
    @Override
    public List<Decision> acquireTogether(List<Acquisition> requests) {
        RateLimiter.checkArguments(requests);
        if (requests.size() == 1) {
            Acquisition only = requests.get(0);
            return List.of(acquire(only.policy(), only.key(), only.cost()));
        }
        return requests.isEmpty() ? List.of() : groups.decide(requests, now());
    }

    /**
     * One decision per request, each on its own, all in one round trip (one pipeline on one connection);
     * for all or none, see {@link #acquireTogether}.
     *
     * @param requests the requests, each checked as {@link #acquire} checks its arguments
     * @return one decision per request, in order
     */
    public List<Decision> acquireAll(List<Request> requests) {
        List<ScriptCall> calls = new ArrayList<>(requests.size());
        for (Request r : requests) {
            RateLimiter.checkArguments(r.policy(), r.key(), r.cost());
            calls.add(DecisionCall.of(keys, r.policy(), r.key(), r.cost(), now()));
        }
        return DecisionReply.parseAll(requests, redis.runAll(calls));
    }

    @Override
    public void reset(Policy policy, String key) {
        RateLimiter.checkArguments(policy, key, 0);
        buckets.reset(policy, key, now());
    }

    @Override
    public OptionalLong timeToLiveMillis(Policy policy, String clientKey) {
        RateLimiter.checkArguments(policy, clientKey, 0);
        return buckets.timeToLiveMillis(policy, clientKey, now());
    }

    @Override
    public KeyPage keys(Policy policy, String cursor, int count) {
        return buckets.keys(policy, cursor, count);
    }

    /** SCAN and UNLINK in small batches, so Redis never blocks for long, until done or the budget is spent. */
    @Override
    public ResetProgress resetSome(Policy policy, String cursor, Duration budget) {
        return buckets.resetSome(policy, cursor, budget);
    }

    /** {@return whether Redis answers (every master of a cluster)} */
    public boolean ping() {
        return buckets.ping();
    }

    /** '' lets the scripts read the server's clock; otherwise µs since the epoch from the builder's clock. */
    private String now() {
        return clock == null ? "" : Long.toString(clock.nowMicros());
    }

    /** {@return the key naming used for this limiter's state} */
    public BucketKeys keys() {
        return keys;
    }

    @Override
    public void close() {
        redis.close();
    }

    /**
     * One request of a batch.
     *
     * @param policy the policy
     * @param key    the client key
     * @param cost   the tokens to take; 0 peeks
     */
    public record Request(Policy policy, String key, long cost) {
    }

    /** Settings of a Redis limiter. */
    public static final class Builder {
        private final RedisScripting redis;
        private RedisKeyspace keyspace;
        private String keyPrefix = BucketKeys.DEFAULT_PREFIX;
        private Clock clock;

        private Builder(RedisScripting redis) {
            if (redis == null) {
                throw new IllegalArgumentException("a Redis connection is required");
            }
            this.redis = redis;
        }

        /**
         * Sets the keyspace for listing and resetting buckets; derived from a {@link JedisScripting} when not
         * given.
         *
         * @param value the keyspace
         * @return this builder
         */
        public Builder keyspace(RedisKeyspace value) {
            this.keyspace = value;
            return this;
        }

        /**
         * Sets the prefix of every key; default {@value BucketKeys#DEFAULT_PREFIX}.
         *
         * @param prefix the prefix
         * @return this builder
         */
        public Builder keyPrefix(String prefix) {
            this.keyPrefix = prefix;
            return this;
        }

        /**
         * Sets the clock the scripts decide on (the Redis server's clock unless set), as
         * {@code InMemoryRateLimiter.Builder.clock} does for the in-JVM store. Every limiter on the same keys must
         * read the same time, which the server's clock gives for free: set one only where a single node decides
         * or all nodes share it. Tests inject one to read as timelines.
         *
         * @param value the clock whose time is sent with every script call
         * @return this builder
         */
        public Builder clock(Clock value) {
            this.clock = value;
            return this;
        }

        /**
         * Builds the limiter and loads every script into Redis now (NOSCRIPT would load each on first use
         * anyway), which also checks the server's version.
         *
         * @return a limiter with these settings
         * @throws UnsupportedRedisException when Redis answers with a version older than {@link RedisVersion#MINIMUM}
         */
        public RedisRateLimiter build() {
            RedisRateLimiter limiter = new RedisRateLimiter(this);
            ScriptPreload.loadAll(redis);
            return limiter;
        }
    }
}
