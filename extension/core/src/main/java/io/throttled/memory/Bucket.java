package io.throttled.memory;

import io.throttled.core.Refill;
import io.throttled.core.BucketKeys;
import io.throttled.core.Decision;
import io.throttled.core.Limit;
import io.throttled.core.Policy;
import io.throttled.core.Reservation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One key's state under one policy: a {@link LimitState} per limit, named like the Redis keys so a
 * change of algorithm or window starts fresh. Not thread-safe: the limiter serialises access per bucket.
 *
 * <p>About 320 lines: it is the Java twin of the Lua blocks that act on a bucket's limits (decide, reserve,
 * penalty, release, around one check of every limit), kept together as the scripts share their prelude, for the
 * differential test to compare with them.
 */
final class Bucket {
    private final Map<String, LimitState> limits = new HashMap<>(2);
    /**
     * The states of the policy last decided here, in its limits' order, so a decision under the same policy
     * neither names its limits nor looks them up; cleared whenever {@link #limits} changes otherwise.
     */
    private Policy shapedFor;
    private LimitState[] shaped;
    /** {@code shaped[0]} when {@link #shaped} has one state: a single-limit decision skips the array's load. */
    private LimitState only;
    /**
     * When (µs) a call last read or wrote this bucket. Written under the bucket's lock, read without it by the
     * {@link IdleSweep} only to skip buckets in use; the sweep decides under the lock, by {@link #freshAt()}.
     */
    private long lastUsed;
    private static final long TOUCH_MICROS = IdleSweep.GRACE_MICROS / 8;
    /** The waiters' slots by id, when the policy counts them (the twin of the {@code :w} sorted set). */
    private Map<String, Long> waiters;
    /** When the waiters' set expires (µs, on a whole ms): the latest slot ever added, as PEXPIREAT keeps it. */
    private long waitersUntil;

    /** Decides like decide.lua: all limits are checked, and all or none are committed. */
    Decision decide(Policy policy, long now, long cost) {
        LimitState single = policy == shapedFor ? only : null;
        if (single == null) {
            LimitState[] states = states(policy, now);
            single = states.length == 1 ? states[0] : null;
        } else {
            touch(now);
            if (expired(single, now)) {
                single.clear();
            }
        }
        if (single != null) {   // nothing to combine: the verdict need not outlive this frame
            Limit limit = policy.limits().get(0);
            Verdict v = single.check(limit, now, cost);
            if (v.allowed() && cost > 0) {
                single.commit(limit, now, cost);
            }
            return new Decision(v.allowed(), v.remaining(), v.retryAfterMillis(), v.resetAfterMillis(), limit,
                    policy.name());
        }
        Check check = check(policy, now, cost);
        if (check.decision.allowed() && cost > 0) {
            check.commit(now, cost);
        }
        return check.decision;
    }

    /**
     * Decides like reserve.lua: as {@link #decide}, and a call denied only by a wait of at most the policy's
     * max-wait (and not beyond max-waiters) reserves its slot: every limit takes as if the call came then.
     */
    Decision reserve(Policy policy, long now, long cost) {
        Check check = check(policy, now, cost);
        Decision denied = check.decision;
        if (denied.allowed()) {
            if (cost > 0) {
                check.commit(now, cost);
            }
            return denied;
        }
        long wait = denied.retryAfterMillis();
        if (cost == 0 || wait == Decision.NEVER || wait > policy.waiting().maxWaitMillis()) {
            return denied;
        }
        if (policy.waiting().bounded()) {
            liveWaiters(now).values().removeIf(slot -> slot <= now);   // their slots have come
            forgetIfEmpty();
            if (waiters.size() >= policy.waiting().maxWaiters()) {
                return denied;
            }
        }
        List<String> previous = new ArrayList<>(check.states.length);
        List<Long> expiries = new ArrayList<>(check.states.length);
        for (LimitState state : check.states) {   // before a check at the slot moves what freshAt reports
            String text = state.text();
            previous.add(text == null ? "" : text);
            expiries.add(text == null ? -1 : state.freshAt() / 1000);
        }
        long slot = now + wait * 1000;
        int index = policy.limits().indexOf(denied.limit());
        long fullAtSlot = 0;
        for (int i = 0; i < check.states.length; i++) {
            Verdict atSlot = check.states[i].check(check.limits.get(i), slot, cost);
            if (i == index) {
                fullAtSlot = atSlot.resetAfterMillis();
            }
        }
        List<String> written = new ArrayList<>(check.states.length);
        for (int i = 0; i < check.states.length; i++) {
            written.add(check.states[i].reserve(check.limits.get(i), now, slot));
        }
        Reservation reservation = new Reservation(policy.name(), "", wait, slot, written, previous, expiries);
        if (policy.waiting().bounded()) {
            waiters.put(reservation.waiterId(), slot);
            waitersUntil = Math.max(waitersUntil, LimitState.ceilMillis(slot) * 1000);
        }
        return new Decision(true, 0, 0, wait + fullAtSlot, denied.limit(), policy.name(), Decision.Origin.STORE,
                reservation);
    }

    /**
     * Takes up to {@code tokens} from every limit, as much of it as each can give now, never denying: how the
     * local fallback starts a key from what Redis last said. Returns what the first limit gave.
     */
    long charge(Policy policy, long now, long tokens) {
        LimitState[] states = states(policy, now);
        List<Limit> policyLimits = policy.limits();
        long first = 0;
        for (int i = 0; i < states.length; i++) {
            Limit limit = policyLimits.get(i);
            long low = 0;
            long high = Math.min(tokens, limit.burst());
            while (low < high) {   // the most the limit admits now: admitting c tokens implies admitting fewer
                long mid = low + (high - low + 1) / 2;
                if (states[i].check(limit, now, mid).allowed()) {
                    low = mid;
                } else {
                    high = mid - 1;
                }
            }
            if (low > 0) {
                states[i].commit(limit, now, low);
            }
            if (i == 0) {
                first = low;
            }
        }
        return first;
    }

    /** Like penalty.lua: every limit pushed on so nothing passes before {@code at} (µs); whether any moved. */
    boolean penalize(Policy policy, long now, long at) {
        touch(now);
        boolean moved = false;
        for (Limit limit : policy.limits()) {
            moved |= state(policy, limit, now).penalize(limit, now, at);
        }
        return moved;
    }

    /** Like release.lua: see {@link io.throttled.core.RateLimiter#release}. */
    boolean release(Policy policy, Reservation reservation, long now) {
        touch(now);
        if (policy.waiting().bounded()) {
            liveWaiters(now).remove(reservation.waiterId());
            forgetIfEmpty();
        }
        List<Limit> policyLimits = policy.limits();
        for (int i = 0; i < policyLimits.size(); i++) {
            LimitState state = limits.get(BucketKeys.limit("", policy, policyLimits.get(i)));
            boolean gone = state == null || (state.freshAt() != 0 && state.freshAt() <= now);
            if (gone || !reservation.written().get(i).equals(state.text())) {
                return false;
            }
        }
        for (int i = 0; i < policyLimits.size(); i++) {
            String name = BucketKeys.limit("", policy, policyLimits.get(i));
            String previous = reservation.previous().get(i);
            shapedFor = null;
            if (previous.isEmpty()) {
                limits.remove(name);
            } else {
                LimitState state = newState(policy);
                state.restore(previous, reservation.previousExpiryMillis().get(i));
                limits.put(name, state);
            }
        }
        return true;
    }

    /** Redis deletes an empty sorted set, and its expiry with it. */
    private void forgetIfEmpty() {
        if (waiters.isEmpty()) {
            waitersUntil = 0;
        }
    }

    /** The waiters, emptied once their set would have expired. */
    private Map<String, Long> liveWaiters(long now) {
        if (waiters == null || waitersUntil <= now) {
            waiters = new HashMap<>();
        }
        return waiters;
    }

    /**
     * Judges every limit and combines them like decide.lua, taking nothing; {@link Check#commit} then takes
     * what it allowed (a group commits only once all its buckets have passed).
     */
    Check check(Policy policy, long now, long cost) {
        List<Limit> policyLimits = policy.limits();
        LimitState[] states = states(policy, now);
        Verdict decider = null;
        int index = 0;
        for (int i = 0; i < states.length; i++) {
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

    /** The limit's state, a fresh one when there is none, cleared when it has expired (as its Redis key would). */
    private LimitState state(Policy policy, Limit limit, long now) {
        String name = BucketKeys.limit("", policy, limit);
        LimitState state = limits.get(name);
        if (state == null) {
            state = newState(policy);
            limits.put(name, state);
            shapedFor = null;
        } else if (expired(state, now)) {
            state.clear();
        }
        return state;
    }

    /**
     * Every limit's state as {@link #state} gives it, in the policy's order. The array is this bucket's own and
     * never changes once returned: states are cleared in place, and another policy gets a new array.
     */
    private LimitState[] states(Policy policy, long now) {
        touch(now);
        if (policy != shapedFor && !policy.equals(shapedFor)) {
            List<Limit> policyLimits = policy.limits();
            LimitState[] states = new LimitState[policyLimits.size()];
            for (int i = 0; i < states.length; i++) {
                String name = BucketKeys.limit("", policy, policyLimits.get(i));
                states[i] = limits.computeIfAbsent(name, n -> newState(policy));
            }
            shaped = states;
            only = states.length == 1 ? states[0] : null;
            shapedFor = policy;
        }
        for (LimitState state : shaped) {
            if (expired(state, now)) {
                state.clear();   // in place: a decision on a key that comes back allocates nothing
            }
        }
        return shaped;
    }

    private static boolean expired(LimitState state, long now) {
        return state.freshAt() != 0 && state.freshAt() <= now;
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

    /**
     * Notes a use, rewriting {@link #lastUsed} only when it has fallen {@value #TOUCH_MICROS} µs behind: a write on
     * every decision kept the bucket's line from staying shared between the cores deciding on it. The sweep only
     * skips by it, {@value IdleSweep#GRACE_MICROS} µs being far longer, and decides by {@link #freshAt()}.
     */
    private void touch(long now) {
        long last = lastUsed;
        if (now - last >= TOUCH_MICROS || now < last) {
            lastUsed = now;
        }
    }

    long lastUsed() {
        return lastUsed;
    }

    /** When every state here decides like a fresh one (µs); 0 when there is nothing to keep. */
    long freshAt() {
        long latest = waiters == null || waiters.isEmpty() ? 0 : waitersUntil;
        for (LimitState state : limits.values()) {
            latest = Math.max(latest, state.freshAt());
        }
        return latest;
    }
}
