package io.throttled.cdi;

import io.throttled.config.PolicyDeclaration;
import io.throttled.config.PolicyRegistry;
import io.throttled.core.Acquisition;
import io.throttled.core.Decision;
import io.throttled.core.PermitWaiter;
import io.throttled.core.Policy;
import io.throttled.core.RateLimiter;
import io.throttled.key.CallContext;
import io.throttled.key.KeyResolution;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The one decision step every entry point shares (the JAX-RS filters and the CDI interceptor): find the
 * policies a call meets, plan each (exemption, tier, key), ask the limiter, tell the listeners.
 *
 * <p>Just over 250 lines: the step is one sequence, and its parts (planning, the limiter, listeners) are classes
 * of their own already.
 */
public final class Throttler {
    private static final System.Logger LOG = System.getLogger(Throttler.class.getName());
    private final PolicyRegistry policies;
    private final CallPlanner planner;
    private final RateLimiter limiter;
    private final ShadowLog shadow;
    private final List<DecisionListener> listeners;
    private final PermitWaiter waiter;

    public Throttler(PolicyRegistry policies, CallPlanner planner, RateLimiter limiter, ShadowLog shadow,
                     Iterable<DecisionListener> listeners) {
        this(policies, planner, limiter, shadow, listeners, PermitWaiter.sleeping(limiter));
    }

    public Throttler(PolicyRegistry policies, CallPlanner planner, RateLimiter limiter, ShadowLog shadow,
                     Iterable<DecisionListener> listeners, PermitWaiter waiter) {
        this.waiter = waiter;
        this.policies = policies;
        this.planner = planner;
        this.limiter = limiter;
        this.shadow = shadow;
        List<DecisionListener> found = new ArrayList<>();
        listeners.forEach(found::add);
        this.listeners = List.copyOf(found);
    }

    /**
     * The decision for a call of {@code method} outside the JAX-RS filter (a bean or EJB), or empty when it is
     * not throttled or the caller is exempt. A count condition needs an HTTP status, which a bean call has
     * not: there every call is charged.
     */
    public Optional<Outcome> decide(Method method, Class<?> targetClass, CallContext call) {
        return decide(method, targetClass, call, true);
    }

    /**
     * Like {@link #decide(Method, Class, CallContext)}, but a waiting policy's reservation is returned, not waited
     * out: the caller waits (without a thread, {@link io.throttled.core.AsyncRateLimiter}) or gives it back.
     */
    public Optional<Outcome> decideWithoutWaiting(Method method, Class<?> targetClass, CallContext call) {
        return decide(method, targetClass, call, false);
    }

    private Optional<Outcome> decide(Method method, Class<?> targetClass, CallContext call, boolean wait) {
        Optional<PolicyDeclaration> declaration = policies.declarationFor(method, targetClass);
        if (declaration.isEmpty()) {
            return Optional.empty();
        }
        PlannedCheck check = planner.plan(PlannedCheck.ANNOTATION, policies.resolve(declaration.get()), call);
        if (!check.decided()) {
            return Optional.empty();
        }
        Policy policy = check.bucketPolicy();
        long start = System.nanoTime();
        Answer answer = wait ? acquireOrWait(policy, check.key(), policy.cost(), start)
                : reserve(policy, check.key(), policy.cost(), start);
        return Optional.of(decided(check, answer.decisions().get(0), answer.nanos()));
    }

    /** {@return the most an outcome's partner may push its bucket on (its policy's penalty, ms); 0 for never} */
    public long penaltyMillis(Outcome outcome) {
        return policies.resolve(outcome.basePolicy()).map(p -> p.rules().penaltyMillis()).orElse(0L);
    }

    /**
     * A partner answered a call this outcome admitted with 429 and Retry-After: pushes the outcome's bucket on
     * ({@link RateLimiter#penalize}) by that wait, at most the policy's penalty, so every node backs off together.
     * A store that fails is logged, not thrown: the partner's answer is the caller's news, not this one.
     *
     * @param outcome          the call's outcome
     * @param retryAfterMillis the partner's wait
     * @return the push in ms, 0 when none was made
     */
    public long penalize(Outcome outcome, long retryAfterMillis) {
        long push = Math.min(retryAfterMillis, penaltyMillis(outcome));
        if (push <= 0 || outcome.key() == null) {
            return 0;
        }
        try {
            limiter.penalize(outcome.policy(), outcome.key(), push);
            LOG.log(System.Logger.Level.INFO, "throttled: policy {0}: the partner asked to wait {1} ms; bucket pushed on "
                    + "{2} ms for every node", outcome.basePolicy(), retryAfterMillis, push);
            return push;
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "throttled: policy {0}: could not push the bucket on after the partner''s "
                    + "429: {1}", outcome.basePolicy(), e.toString());
            return 0;
        }
    }

    /**
     * One policy's decision; a policy with max-wait reserves its slot and this thread waits it out here, so the
     * call proceeds after the wait (or is denied when the wait is interrupted).
     */
    private Answer acquireOrWait(Policy policy, String key, long cost, long start) {
        if (!policy.waiting().waits() || cost == 0) {
            Decision decision = limiter.acquire(policy, key, cost);
            return new Answer(List.of(decision), System.nanoTime() - start);
        }
        Decision reservation = limiter.reserve(policy, key, cost);
        long nanos = System.nanoTime() - start;   // the decision's time; the wait that follows is not deciding
        return new Answer(List.of(waiter.await(policy, reservation)), nanos);
    }

    /** A waiting policy's reservation, not waited out; any other policy decides at once. */
    private Answer reserve(Policy policy, String key, long cost, long start) {
        Decision decision = !policy.waiting().waits() || cost == 0 ? limiter.acquire(policy, key, cost)
                : limiter.reserve(policy, key, cost);
        return new Answer(List.of(decision), System.nanoTime() - start);
    }

    /** The limiter's decisions and how long it took to give them. */
    private record Answer(List<Decision> decisions, long nanos) {
    }

    /**
     * Decides every check a request meets. The ones charged before the call are decided together, all or none
     * ({@link RateLimiter#acquireTogether}: one Redis call where their keys share a slot), so a denial by one
     * spends nothing of the others. The ones charged after the response are peeked first (denied when the
     * bucket could not pay) and returned in {@code chargeLater}; when one of them denies, the others are only
     * peeked, so they too spend nothing.
     */
    public List<Outcome> decideAll(List<PlannedCheck> checks, List<PlannedCheck> chargeLater) {
        return decideAll(checks, chargeLater, true);
    }

    /**
     * {@link #decideAll(List, List)}; with {@code wait} false, a lone waiting policy's reservation is returned
     * without waiting it out: the caller waits (without a thread) or gives it back.
     */
    public List<Outcome> decideAll(List<PlannedCheck> checks, List<PlannedCheck> chargeLater, boolean wait) {
        List<PlannedCheck> now = new ArrayList<>(checks.size());
        List<Outcome> outcomes = new ArrayList<>(checks.size());
        List<Long> nanos = new ArrayList<>(checks.size());
        boolean blocked = false;
        for (PlannedCheck check : checks) {
            if (!check.decided()) {
                continue;
            }
            if (check.chargedAfterResponse()) {
                long start = System.nanoTime();
                Outcome peeked = peekThenDeny(check, chargeLater);
                blocked |= peeked.blocks();
                outcomes.add(peeked);
                nanos.add(System.nanoTime() - start);
            } else {
                now.add(check);
            }
        }
        Answer answer = acquireTogether(now, blocked ? 0 : -1, wait);
        for (int i = 0; i < now.size(); i++) {
            outcomes.add(outcome(now.get(i), answer.decisions().get(i)));
            nanos.add(answer.nanos());
        }
        // listeners hear the denials (shadow ones too) last: the last decision a span is told of is then a refusal
        for (boolean denials : new boolean[] {false, true}) {
            for (int i = 0; i < outcomes.size(); i++) {
                if (outcomes.get(i).decision().allowed() != denials) {
                    tell(outcomes.get(i), nanos.get(i));
                }
            }
        }
        return outcomes;
    }

    /** Charges a check whose response met its count condition; the response is gone, so only listeners hear. */
    public Outcome charge(PlannedCheck check) {
        long start = System.nanoTime();
        Decision decision = limiter.acquire(check.bucketPolicy(), check.key());
        return decided(check, decision, System.nanoTime() - start);
    }

    public CallPlanner planner() {
        return planner;
    }

    public PolicyRegistry policies() {
        return policies;
    }

    public RateLimiter limiter() {
        return limiter;
    }

    /** @param cost -1 for each policy's own cost; 0 to peek (the call is denied already) */
    private Answer acquireTogether(List<PlannedCheck> checks, long cost, boolean wait) {
        if (checks.isEmpty()) {
            return new Answer(List.of(), 0);
        }
        long start = System.nanoTime();
        if (checks.size() == 1) {
            PlannedCheck only = checks.get(0);
            long c = cost < 0 ? only.bucketPolicy().cost() : cost;
            return wait ? acquireOrWait(only.bucketPolicy(), only.key(), c, start)
                    : reserve(only.bucketPolicy(), only.key(), c, start);
        }
        List<Acquisition> group = new ArrayList<>(checks.size());
        for (PlannedCheck check : checks) {
            group.add(new Acquisition(check.bucketPolicy(), check.key(), cost < 0 ? check.bucketPolicy().cost() : cost));
        }
        List<Decision> decisions = limiter.acquireTogether(group);
        return new Answer(decisions, System.nanoTime() - start);
    }

    /**
     * A peek (takes nothing); when the bucket could not pay for the call, a real request for the cost, which
     * a bucket that cannot pay denies without taking anything and which gives the true retry-after. Should
     * it pass after all (refilled meanwhile), the call has paid and is not charged again.
     */
    private Outcome peekThenDeny(PlannedCheck check, List<PlannedCheck> chargeLater) {
        Policy policy = check.bucketPolicy();
        Decision peek = limiter.acquire(policy, check.key(), 0);
        if (peek.remaining() >= policy.cost() || !peek.decidedByStore()) {
            chargeLater.add(check);
            return outcome(check, peek);
        }
        return outcome(check, limiter.acquire(policy, check.key()));
    }

    private Outcome decided(PlannedCheck check, Decision decision, long nanos) {
        Outcome outcome = outcome(check, decision);
        tell(outcome, nanos);
        return outcome;
    }

    private Outcome outcome(PlannedCheck check, Decision decision) {
        Policy policy = check.bucketPolicy();
        if (!decision.allowed() && !policy.enforce()) {
            shadow.wouldHaveDenied(policy, check.key(), decision);
        }
        return new Outcome(policy, check.key(), decision, check.tier());
    }

    private void tell(Outcome outcome, long nanos) {
        for (DecisionListener listener : listeners) {
            listener.decided(outcome, nanos);
        }
    }
}
