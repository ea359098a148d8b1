package io.throttled.redis;

import io.throttled.core.Acquisition;
import io.throttled.core.BucketKeys;
import io.throttled.core.Decision;
import io.throttled.core.Policy;
import io.throttled.core.RateLimiter;
import io.throttled.core.Reservation;
import java.util.ArrayList;
import java.util.List;

/**
 * The limiter's script calls, each on its own explicit clock and many in one pipeline: step n of many timelines at
 * once, each at its own time, as the differential and batch tests need. A limiter sends one clock with every call
 * (the server's, or its builder's {@link RedisRateLimiter.Builder#clock}).
 */
final class ScriptsAt {
    private final RedisScripting redis;
    private final BucketKeys keys;
    private final Reservations reservations;

    ScriptsAt(RedisScripting redis, String keyPrefix) {
        this.redis = redis;
        this.keys = new BucketKeys(keyPrefix);
        this.reservations = new Reservations(redis, keys);
    }

    /** The call a limiter with this key prefix sends for a decision; {@code now} '' for the server's clock, or µs. */
    ScriptCall decisionCall(Policy policy, String key, long cost, String now) {
        return DecisionCall.of(keys, policy, key, cost, now);
    }

    /** Like {@link RedisRateLimiter#acquireAll}, each request on its own clock. */
    List<Decision> acquireAll(List<RedisRateLimiter.Request> requests, long[] nowMicros) {
        List<ScriptCall> calls = new ArrayList<>(requests.size());
        for (int i = 0; i < requests.size(); i++) {
            RedisRateLimiter.Request r = requests.get(i);
            calls.add(decisionCall(r.policy(), r.key(), r.cost(), Long.toString(nowMicros[i])));
        }
        return DecisionReply.parseAll(requests, redis.runAll(calls));
    }

    /** Each group by the group script (even a group of one), each on its own clock: on one server. */
    List<List<Decision>> acquireTogether(List<List<Acquisition>> groups, long[] nowMicros) {
        List<ScriptCall> calls = new ArrayList<>(groups.size());
        for (int i = 0; i < groups.size(); i++) {
            calls.add(GroupScript.call(keys, groups.get(i), Long.toString(nowMicros[i]), false));
        }
        List<Object> replies = redis.runAll(calls);
        List<List<Decision>> decisions = new ArrayList<>(replies.size());
        for (int i = 0; i < replies.size(); i++) {
            if (replies.get(i) instanceof RuntimeException e) {
                throw e;
            }
            decisions.add(GroupScript.parse(groups.get(i), replies.get(i)));
        }
        return decisions;
    }

    /** Like {@link RedisRateLimiter#penalize}, at this time. */
    boolean penalize(Policy policy, String key, long waitMillis, long nowMicros) {
        RateLimiter.checkPenalty(policy, key, waitMillis);
        return reservations.penalize(policy, key, waitMillis, Long.toString(nowMicros));
    }

    /** Like {@link RedisRateLimiter#reserve} for each request, each on its own clock. */
    List<Decision> reserveAll(List<RedisRateLimiter.Request> requests, long[] nowMicros) {
        List<ScriptCall> calls = new ArrayList<>(requests.size());
        for (int i = 0; i < requests.size(); i++) {
            RedisRateLimiter.Request r = requests.get(i);
            String now = Long.toString(nowMicros[i]);
            calls.add(r.policy().waiting().waits() ? reservations.reservationCall(r.policy(), r.key(), r.cost(), now)
                    : decisionCall(r.policy(), r.key(), r.cost(), now));
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

    /** Like {@link RedisRateLimiter#release} for each reservation, each on its own clock. */
    List<Boolean> releaseAll(List<Policy> policies, List<Reservation> given, long[] nowMicros) {
        List<ScriptCall> calls = new ArrayList<>(given.size());
        for (int i = 0; i < given.size(); i++) {
            Reservations.checkRelease(policies.get(i), given.get(i));
            calls.add(reservations.releaseCall(policies.get(i), given.get(i), Long.toString(nowMicros[i])));
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
}
