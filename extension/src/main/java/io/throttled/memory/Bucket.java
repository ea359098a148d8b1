package io.throttled.memory;

import io.throttled.Refill;
import io.throttled.core.BucketKeys;
import io.throttled.core.Decision;
import io.throttled.core.Limit;
import io.throttled.core.Policy;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One key's state under one policy: a {@link LimitState} per limit, named like the Redis keys so a
 * change of algorithm or window starts fresh. Not thread-safe: the limiter serialises access per bucket.
 */
final class Bucket {
    private final Map<String, LimitState> limits = new HashMap<>(2);

    /** Decides like decide.lua: all limits are checked, and all or none are committed. */
    Decision decide(Policy policy, long now, long cost) {
        Check check = check(policy, now, cost);
        if (check.decision.allowed() && cost > 0) {
            check.commit(now, cost);
        }
        return check.decision;
    }

    /**
     * Judges every limit and combines them like decide.lua, taking nothing; {@link Check#commit} then takes
     * what it allowed (a group commits only once all its buckets have passed).
     */
    Check check(Policy policy, long now, long cost) {
        List<Limit> policyLimits = policy.limits();
        LimitState[] states = new LimitState[policyLimits.size()];
        Verdict decider = null;
        int index = 0;
        for (int i = 0; i < states.length; i++) {
            states[i] = state(policy, policyLimits.get(i), now);
            Verdict v = states[i].check(policyLimits.get(i), now, cost);
            if (decides(v, decider)) {
                decider = v;
                index = i;
            }
        }
        Decision decision = new Decision(decider.allowed(), decider.remaining(), decider.retryAfterMillis(),
                decider.resetAfterMillis(), policyLimits.get(index), policy.name());
        return new Check(decision, policyLimits, states);
    }

    /** What one check judged, and the states its commit writes (valid until the bucket's lock is let go). */
    static final class Check {
        final Decision decision;
        private final List<Limit> limits;
        private final LimitState[] states;

        private Check(Decision decision, List<Limit> limits, LimitState[] states) {
            this.decision = decision;
            this.limits = limits;
            this.states = states;
        }

        /** Takes {@code cost} from every limit, as this check (which must have allowed it) judged. */
        void commit(long now, long cost) {
            for (int i = 0; i < states.length; i++) {
                states[i].commit(limits.get(i), now, cost);
            }
        }
    }

    /**
     * Whether {@code v} takes over from the current deciding verdict: a denial beats any admission, a
     * never-passing denial beats any other, a longer wait beats a shorter one, less left beats more.
     */
    private static boolean decides(Verdict v, Verdict current) {
        if (current == null) {
            return true;
        }
        if (v.allowed()) {
            return current.allowed() && v.remaining() < current.remaining();
        }
        if (current.allowed()) {
            return true;
        }
        return current.retryAfterMillis() != Decision.NEVER
                && (v.retryAfterMillis() == Decision.NEVER || v.retryAfterMillis() > current.retryAfterMillis());
    }

    /** The limit's state, or a fresh one when there is none or it has expired (as its Redis key would). */
    private LimitState state(Policy policy, Limit limit, long now) {
        String name = BucketKeys.limit("", policy, limit);
        LimitState state = limits.get(name);
        if (state == null || (state.freshAt() != 0 && state.freshAt() <= now)) {
            state = newState(policy);
            limits.put(name, state);
        }
        return state;
    }

    private static LimitState newState(Policy policy) {
        switch (policy.algorithm()) {
            case TOKEN_BUCKET:
                return policy.refill() == Refill.INTERVAL ? new IntervalTokenBucketState() : new TokenBucketState();
            case GCRA:
                return new GcraState();
            case FIXED_WINDOW:
                return new FixedWindowState();
            case SLIDING_WINDOW_LOG:
                return new SlidingWindowLogState();
            case SLIDING_WINDOW_COUNTER:
                return new SlidingWindowCounterState();
            case LEAKY_BUCKET:
                return new LeakyBucketState();
            default:
                throw new IllegalStateException("no in-JVM state for " + policy.algorithm());
        }
    }

    /** When every state here decides like a fresh one (µs); 0 when there is nothing to keep. */
    long freshAt() {
        long latest = 0;
        for (LimitState state : limits.values()) {
            latest = Math.max(latest, state.freshAt());
        }
        return latest;
    }
}
