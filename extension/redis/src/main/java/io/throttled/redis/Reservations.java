package io.throttled.redis;

import io.throttled.core.BucketKeys;
import io.throttled.core.Decision;
import io.throttled.core.Policy;
import io.throttled.core.Reservation;
import java.util.ArrayList;
import java.util.List;

/**
 * Waiting for a permit and backing off, on Redis: a slot reserved within the policy's max-wait (reserve.lua), a
 * slot given back (release.lua), a bucket pushed back after a partner's 429 (penalty.lua); each one script call
 * that extends the decision call ({@link DecisionCall}).
 */
final class Reservations {
    private final RedisScripting redis;
    private final BucketKeys keys;

    Reservations(RedisScripting redis, BucketKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    /** The decision, or a slot reserved; for a policy that waits. */
    Decision reserve(Policy policy, String key, long cost, String now) {
        return ReservationReply.parse(policy, key, redis.run(reservationCall(policy, key, cost, now)));
    }

    /** Gives a reservation back; its arguments checked already ({@link #checkRelease}). */
    boolean release(Policy policy, Reservation reservation, String now) {
        return ((Long) redis.run(releaseCall(policy, reservation, now))) == 1L;
    }

    /** Whether the push moved the bucket; its arguments checked already. */
    boolean penalize(Policy policy, String key, long waitMillis, String now) {
        return ((Long) redis.run(penaltyCall(policy, key, waitMillis, now))) > 0;
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
        ScriptCall decision = DecisionCall.of(keys, policy, key, cost, now);
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

    ScriptCall penaltyCall(Policy policy, String key, long waitMillis, String now) {
        ScriptCall decision = DecisionCall.of(keys, policy, key, 1, now);
        List<String> args = new ArrayList<>(decision.args());
        args.add(Integer.toString(policy.limits().size()));
        args.add(Long.toString(waitMillis));
        return new ScriptCall(AlgorithmScripts.of(policy).penalty(), decision.keys(), args);
    }
}
