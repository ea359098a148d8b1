package io.throttled.resilience;

import io.throttled.core.Decision;
import io.throttled.core.Policy;
import io.throttled.core.SharedStore;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A store that forwards to Redis and notes every call of more than one token (the charge-backs of what a node
 * admitted alone: the callers of {@link FaultScheduleTest} ask for one), for the analysis of a schedule.
 */
final class ChargeTrace implements SharedStore {
    /** One charge attempt: its key, tokens asked, the answer (null: it failed), when it was sent and returned. */
    record Charge(String key, long tokens, Decision answer, String failure, long sentNanos, long returnedNanos) {
    }

    private final SharedStore redis;
    final List<Charge> charges = new CopyOnWriteArrayList<>();

    ChargeTrace(SharedStore redis) {
        this.redis = redis;
    }

    @Override
    public Decision acquire(Policy policy, String key, long cost) {
        if (cost <= 1) {
            return redis.acquire(policy, key, cost);
        }
        long sent = System.nanoTime();
        try {
            Decision d = redis.acquire(policy, key, cost);
            charges.add(new Charge(key, cost, d, null, sent, System.nanoTime()));
            return d;
        } catch (RuntimeException e) {
            charges.add(new Charge(key, cost, null, e.toString(), sent, System.nanoTime()));
            throw e;
        }
    }

    @Override
    public void reset(Policy policy, String key) {
        redis.reset(policy, key);
    }

    @Override
    public boolean ping() {
        return redis.ping();
    }

    @Override
    public void close() {
        redis.close();
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
        return redis.resetSome(policy, cursor, budget);
    }
}
