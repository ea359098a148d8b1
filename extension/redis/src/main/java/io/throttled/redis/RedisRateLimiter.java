package io.throttled.redis;

import io.throttled.core.Acquisition;
import io.throttled.core.BucketInventory;
import io.throttled.core.BucketKeys;
import io.throttled.core.Clock;
import io.throttled.core.Decision;
import io.throttled.core.Limit;
import io.throttled.core.PerPolicy;
import io.throttled.core.Policy;
import io.throttled.core.RateLimiter;
import io.throttled.core.SharedStore;
import io.throttled.core.Reservation;
import io.throttled.lease.LeaseGrant;
import io.throttled.lease.LeaseStore;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Decides on Redis: one script call per decision, all limits of the policy at once, on the server's clock;
 * several policies all or none in one call where their keys share a slot ({@link #acquireTogether}).
 *
 * <pre>{@code
 * RateLimiter limiter = RedisRateLimiter.builder(new JedisScripting(RedisClient.create(url))).build();
 * Decision d = limiter.acquire(policy, "u:alice");
 * }</pre>
 */
public final class RedisRateLimiter implements SharedStore, LeaseStore {
    private static final System.Logger LOG = System.getLogger(RedisRateLimiter.class.getName());
    static final int RESET_BATCH = 500;

    private final RedisScripting redis;
    private final RedisKeyspace keyspace;
    private final BucketKeys keys;
    private final Clock scriptClock;
    private final GroupDecider groups;

    private RedisRateLimiter(Builder builder) {
        this.redis = builder.redis;
        this.keyspace = builder.keyspace != null ? builder.keyspace
                : builder.redis instanceof JedisScripting jedis ? new JedisKeyspace(jedis.client()) : null;
        this.keys = new BucketKeys(builder.keyPrefix);
        this.scriptClock = builder.scriptClock;
        this.groups = new GroupDecider(redis, keys);
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
        return DecisionReply.parse(policy, redis.run(decisionCall(policy, key, cost, nowArgument())));
    }

    /** One script call: the decision, or a slot reserved within the policy's max-wait (see reserve.lua). */
    @Override
    public Decision reserve(Policy policy, String key, long cost) {
        RateLimiter.checkArguments(policy, key, cost);
        if (!policy.waiting().waits()) {
            return acquire(policy, key, cost);
        }
        return ReservationReply.parse(policy, key, redis.run(reservationCall(policy, key, cost, nowArgument())));
    }

    /** One script call (release.lua); see {@link RateLimiter#release}. */
    @Override
    public boolean release(Policy policy, Reservation reservation) {
        checkRelease(policy, reservation);
        return ((Long) redis.run(releaseCall(policy, reservation, nowArgument()))) == 1L;
    }

    /** One script call (penalty.lua); see {@link RateLimiter#penalize}. */
    @Override
    public boolean penalize(Policy policy, String key, long waitMillis) {
        RateLimiter.checkPenalty(policy, key, waitMillis);
        return ((Long) redis.run(penaltyCall(policy, key, waitMillis, nowArgument()))) > 0;
    }

    /** One script call (lease.lua): the returned lease's unused tokens back, a new lease taken; see {@link LeaseStore}. */
    @Override
    public LeaseGrant exchange(Policy policy, String key, long want, long least, String returnedId, long unused,
                               String newId) {
        RateLimiter.checkArguments(policy, key, want);
        policy.whyNoLease().ifPresent(refused -> {
            throw new IllegalArgumentException("policy '" + policy.name() + "' cannot lease: " + refused);
        });
        Object reply = redis.run(leaseCall(policy, key, want, least, returnedId, unused, newId, nowArgument()));
        if (!(reply instanceof List<?> values) || values.size() != 6) {
            throw new IllegalStateException("unexpected reply from the lease script for policy '" + policy.name()
                    + "': " + reply);
        }
        long[] n = new long[6];
        for (int i = 0; i < 6; i++) {
            if (!(values.get(i) instanceof Long number)) {
                throw new IllegalStateException("expected an integer at position " + (i + 1) + " of " + values);
            }
            n[i] = number;
        }
        int index = (int) n[4];
        if (index < 1 || index > policy.limits().size()) {
            throw new IllegalStateException("lease script named limit " + index + " of policy '" + policy.name() + "'");
        }
        return new LeaseGrant(n[0], n[1], n[2], n[3], policy.limits().get(index - 1), n[5]);
    }

    ScriptCall leaseCall(Policy policy, String key, long want, long least, String returnedId, long unused,
                         String newId, String now) {
        ScriptCall decision = decisionCall(policy, key, want, now);
        List<String> scriptKeys = new ArrayList<>(decision.keys());
        scriptKeys.add(BucketKeys.leases(keys.bucket(policy, key)));
        List<String> args = new ArrayList<>(decision.args());
        args.add(Integer.toString(policy.limits().size()));
        args.add(Long.toString(least));
        args.add(Long.toString(policy.leasing().lifetimeMillis()));
        args.add(returnedId == null ? "" : returnedId);
        args.add(Long.toString(Math.max(0, unused)));
        args.add(newId == null ? "" : newId);
        return new ScriptCall(AlgorithmScripts.of(policy).lease(), scriptKeys, args);
    }

    /** A push on an explicit clock: for tests only. */
    boolean penalizeAt(Policy policy, String key, long waitMillis, long nowMicros) {
        RateLimiter.checkPenalty(policy, key, waitMillis);
        return ((Long) redis.run(penaltyCall(policy, key, waitMillis, Long.toString(nowMicros)))) > 0;
    }

    ScriptCall penaltyCall(Policy policy, String key, long waitMillis, String now) {
        ScriptCall decision = decisionCall(policy, key, 1, now);
        List<String> args = new ArrayList<>(decision.args());
        args.add(Integer.toString(policy.limits().size()));
        args.add(Long.toString(waitMillis));
        return new ScriptCall(AlgorithmScripts.of(policy).penalty(), decision.keys(), args);
    }

    /** Give-backs, each on its own explicit clock, in one pipeline: for tests only. */
    List<Boolean> releaseAllAt(List<Policy> policies, List<Reservation> reservations, long[] nowMicros) {
        List<ScriptCall> calls = new ArrayList<>(reservations.size());
        for (int i = 0; i < reservations.size(); i++) {
            checkRelease(policies.get(i), reservations.get(i));
            calls.add(releaseCall(policies.get(i), reservations.get(i), Long.toString(nowMicros[i])));
        }
        List<Boolean> released = new ArrayList<>(calls.size());
        for (Object reply : redis.runAll(calls)) {
            if (reply instanceof RuntimeException e) {
                throw e;
            }
            released.add(((Long) reply) == 1L);
        }
        return released;
    }

    /** Reservations, each on its own explicit clock, in one pipeline: for tests only. */
    List<Decision> reserveAllAt(List<Request> requests, long[] nowMicros) {
        List<ScriptCall> calls = new ArrayList<>(requests.size());
        for (int i = 0; i < requests.size(); i++) {
            Request r = requests.get(i);
            calls.add(r.policy().waiting().waits()
                    ? reservationCall(r.policy(), r.key(), r.cost(), Long.toString(nowMicros[i]))
                    : decisionCall(r.policy(), r.key(), r.cost(), Long.toString(nowMicros[i])));
        }
        List<Object> replies = redis.runAll(calls);
        List<Decision> decisions = new ArrayList<>(replies.size());
        for (int i = 0; i < replies.size(); i++) {
            if (replies.get(i) instanceof RuntimeException e) {
                throw e;
            }
            decisions.add(ReservationReply.parse(requests.get(i).policy(), requests.get(i).key(), replies.get(i)));
        }
        return decisions;
    }

    static void checkRelease(Policy policy, Reservation reservation) {
        if (policy == null || reservation == null) {
            throw new IllegalArgumentException("a policy and a reservation are required");
        }
        if (!policy.name().equals(reservation.policy()) || reservation.written().size() != policy.limits().size()) {
            throw new IllegalArgumentException("reservation of policy '" + reservation.policy()
                    + "' given back under policy '" + policy.name() + "' with " + policy.limits().size() + " limits");
        }
    }

    ScriptCall reservationCall(Policy policy, String key, long cost, String now) {
        RedisVersion version = redis.serverVersion();
        if (version != null && !version.atLeast(RedisVersion.RESERVATIONS)) {
            throw UnsupportedRedisException.cannotReserve(policy.name(), policy.waiting().maxWaitMillis(), version);
        }
        AlgorithmScript script = AlgorithmScripts.of(policy);
        ScriptCall decision = decisionCall(policy, key, cost, now);
        List<String> scriptKeys = new ArrayList<>(decision.keys());
        List<String> args = new ArrayList<>(decision.args());
        if (policy.waiting().bounded()) {
            scriptKeys.add(BucketKeys.waiters(keys.bucket(policy, key)));
        }
        args.add(Integer.toString(policy.limits().size()));
        args.add(Long.toString(policy.waiting().maxWaitMillis()));
        args.add(Long.toString(policy.waiting().bounded() ? policy.waiting().maxWaiters() : 0));
        return new ScriptCall(script.reservation(), scriptKeys, args);
    }

    ScriptCall releaseCall(Policy policy, Reservation reservation, String now) {
        String bucket = keys.bucket(policy, reservation.key());
        List<String> scriptKeys = new ArrayList<>(policy.limits().size() + 1);
        List<String> args = new ArrayList<>(2 + 3 * policy.limits().size());
        args.add(Integer.toString(policy.limits().size()));
        args.add(now);
        args.add(reservation.waiterId());
        for (int i = 0; i < policy.limits().size(); i++) {
            scriptKeys.add(BucketKeys.limit(bucket, policy, policy.limits().get(i)));
            args.add(reservation.written().get(i));
            args.add(reservation.previous().get(i));
            args.add(Long.toString(reservation.previousExpiryMillis().get(i)));
        }
        if (policy.waiting().bounded()) {
            scriptKeys.add(BucketKeys.waiters(bucket));
        }
        return new ScriptCall(AlgorithmScripts.RELEASE, scriptKeys, args);
    }

    /**
     * All or none in one script call where the keys share a hash slot: always on one server (standalone or
     * Sentinel), and on Redis Cluster for policies keyed by the same client key. Across Cluster slots see
     * {@link GroupDecider}: a denial already there takes nothing anywhere, but one that appears between two
     * slots' calls does not give back what the earlier slots took. A single request takes the single-policy
     * path ({@link #acquire}).
     */
    @Override
    public List<Decision> acquireTogether(List<Acquisition> requests) {
        RateLimiter.checkArguments(requests);
        if (requests.size() == 1) {
            Acquisition only = requests.get(0);
            return List.of(acquire(only.policy(), only.key(), only.cost()));
        }
        return requests.isEmpty() ? List.of() : groups.decide(requests, nowArgument());
    }

    /**
     * Each group by the group script (even a group of one), each on its own explicit clock, all in one
     * pipeline: for tests only, on one server.
     */
    List<List<Decision>> acquireTogetherAt(List<List<Acquisition>> groupsOfRequests, long[] nowMicros) {
        List<ScriptCall> calls = new ArrayList<>(groupsOfRequests.size());
        for (int i = 0; i < groupsOfRequests.size(); i++) {
            calls.add(GroupScript.call(keys, groupsOfRequests.get(i), Long.toString(nowMicros[i]), false));
        }
        List<Object> replies = redis.runAll(calls);
        List<List<Decision>> decisions = new ArrayList<>(replies.size());
        for (int i = 0; i < replies.size(); i++) {
            if (replies.get(i) instanceof RuntimeException e) {
                throw e;
            }
            decisions.add(GroupScript.parse(groupsOfRequests.get(i), replies.get(i)));
        }
        return decisions;
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
            calls.add(decisionCall(r.policy(), r.key(), r.cost(), nowArgument()));
        }
        return parseAll(requests, redis.runAll(calls));
    }

    /** Like {@link #acquireAll(List)}, each request on its own explicit clock: for tests only. */
    List<Decision> acquireAllAt(List<Request> requests, long[] nowMicros) {
        List<ScriptCall> calls = new ArrayList<>(requests.size());
        for (int i = 0; i < requests.size(); i++) {
            Request r = requests.get(i);
            calls.add(decisionCall(r.policy(), r.key(), r.cost(), Long.toString(nowMicros[i])));
        }
        return parseAll(requests, redis.runAll(calls));
    }

    private static List<Decision> parseAll(List<Request> requests, List<Object> replies) {
        List<Decision> decisions = new ArrayList<>(replies.size());
        for (int i = 0; i < replies.size(); i++) {
            if (replies.get(i) instanceof RuntimeException e) {
                throw e;
            }
            decisions.add(DecisionReply.parse(requests.get(i).policy(), replies.get(i)));
        }
        return decisions;
    }

    @Override
    public void reset(Policy policy, String key) {
        RateLimiter.checkArguments(policy, key, 0);
        redis.run(bucketCall("reset", policy, key));
    }

    @Override
    public OptionalLong timeToLiveMillis(Policy policy, String clientKey) {
        RateLimiter.checkArguments(policy, clientKey, 0);
        long ttl = (Long) redis.run(bucketCall("ttl", policy, clientKey));
        return ttl < 0 ? OptionalLong.empty() : OptionalLong.of(ttl);
    }

    /** SCAN for {@code <prefix><policy>:{*}}: every limit key of every client, deduplicated per page. */
    @Override
    public KeyPage keys(Policy policy, String cursor, int count) {
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

    /**
     * SCAN and UNLINK in batches of at most {@value #RESET_BATCH} keys, so Redis never blocks for long, until done or
     * the budget is spent.
     */
    @Override
    public ResetProgress resetSome(Policy policy, String cursor, java.time.Duration budget) {
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

    /** {@return whether Redis answers (every master of a cluster)} */
    public boolean ping() {
        return keyspace().ping();
    }

    private ScriptCall bucketCall(String mode, Policy policy, String key) {
        AlgorithmScript script = AlgorithmScripts.of(policy);
        String bucket = keys.bucket(policy, key);
        List<String> scriptKeys = new ArrayList<>(policy.limits().size());
        List<String> args = new ArrayList<>(policy.limits().size() + 2);
        args.add(mode);
        args.add(nowArgument());
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

    /**
     * The script call this limiter sends for a decision, on the server's clock (for tools and benchmarks).
     *
     * @param policy the policy
     * @param key    the client key
     * @param cost   the tokens to take
     * @return the script, its keys and arguments
     */
    public ScriptCall scriptFor(Policy policy, String key, long cost) {
        return decisionCall(policy, key, cost, "");
    }

    ScriptCall decisionCall(Policy policy, String key, long cost, String now) {
        CallShape shape = SHAPES.of(policy);
        String bucket = keys.bucket(policy, key);
        List<String> scriptKeys = new ArrayList<>(shape.keySuffixes.length);
        for (String suffix : shape.keySuffixes) {
            scriptKeys.add(bucket.concat(suffix));
        }
        List<String> args = new ArrayList<>(2 + shape.limitArgs.size());
        args.add(Long.toString(cost));
        args.add(now);
        args.addAll(shape.limitArgs);
        return new ScriptCall(shape.script.lua(), scriptKeys, args);
    }

    /**
     * What a policy's decision call always says: its script, the suffix of each limit's key and the limits'
     * arguments, made once per policy instance, not on every decision (they cost key and number formatting).
     */
    private static final PerPolicy<CallShape> SHAPES = new PerPolicy<>(CallShape::new);

    /** A policy's script, limit key suffixes ({@link BucketKeys#limit} past the bucket key) and limit arguments. */
    private static final class CallShape {
        final AlgorithmScript script;
        final String[] keySuffixes;
        final List<String> limitArgs;

        CallShape(Policy policy) {
            this.script = AlgorithmScripts.of(policy);
            List<Limit> limits = policy.limits();
            this.keySuffixes = new String[limits.size()];
            List<String> args = new ArrayList<>(3 * limits.size());
            for (int i = 0; i < keySuffixes.length; i++) {
                keySuffixes[i] = BucketKeys.limit("", policy, limits.get(i));
                script.addArguments(limits.get(i), args);
            }
            this.limitArgs = List.copyOf(args);
        }
    }

    private String nowArgument() {
        return scriptClock == null ? "" : Long.toString(scriptClock.nowMicros());
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
        private Clock scriptClock;
        private boolean preload = true;

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
            this.scriptClock = value;
            return this;
        }

        /**
         * Sets whether to load every script when built (default true; NOSCRIPT is handled either way).
         *
         * @param value whether to preload
         * @return this builder
         */
        public Builder preloadScripts(boolean value) {
            this.preload = value;
            return this;
        }

        /**
         * Builds the limiter; with preloading on, it loads the scripts and checks the server's version now.
         *
         * @return a limiter with these settings
         * @throws UnsupportedRedisException when Redis answers with a version older than {@link RedisVersion#MINIMUM}
         */
        public RedisRateLimiter build() {
            RedisRateLimiter limiter = new RedisRateLimiter(this);
            if (preload) {
                try {
                    redis.load(AlgorithmScripts.all());
                } catch (UnsupportedRedisException e) {
                    throw e;   // a setup error: better at start than at every decision
                } catch (RuntimeException e) {
                    // Not fatal: each script is loaded on its first NOSCRIPT anyway.
                    LOG.log(System.Logger.Level.WARNING, "could not load the rate-limit scripts into Redis yet: {0}",
                            e.toString());
                }
            }
            return limiter;
        }
    }
}
