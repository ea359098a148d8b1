package io.throttled.cdi;

import io.throttled.config.PolicyDeclaration;
import io.throttled.config.PolicyRegistry;
import io.throttled.core.Decision;
import io.throttled.core.Policy;
import io.throttled.core.RateLimiter;
import io.throttled.key.CallContext;
import io.throttled.key.KeyResolution;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The one decision step both entry points share (the JAX-RS filter and the CDI interceptor): find the
 * method's policy, resolve the key, ask the limiter.
 */
public final class Throttler {
    private final PolicyRegistry policies;
    private final KeyResolution keys;
    private final RateLimiter limiter;
    private final ShadowLog shadow;
    private final List<DecisionListener> listeners;

    public Throttler(PolicyRegistry policies, KeyResolution keys, RateLimiter limiter, ShadowLog shadow,
                     Iterable<DecisionListener> listeners) {
        this.policies = policies;
        this.keys = keys;
        this.limiter = limiter;
        this.shadow = shadow;
        List<DecisionListener> found = new ArrayList<>();
        listeners.forEach(found::add);
        this.listeners = List.copyOf(found);
    }

    /** The decision for a call of {@code method}, or empty when it is not throttled. */
    public Optional<Outcome> decide(Method method, Class<?> targetClass, CallContext call) {
        Optional<PolicyDeclaration> declaration = policies.declarationFor(method, targetClass);
        if (declaration.isEmpty()) {
            return Optional.empty();
        }
        Policy policy = policies.resolve(declaration.get()).policy();
        String key = keys.resolve(policy.key(), call);
        Decision decision = limiter.acquire(policy, key);
        if (!decision.allowed() && !policy.enforce()) {
            shadow.wouldHaveDenied(policy, key, decision);
        }
        Outcome outcome = new Outcome(policy, key, decision);
        for (DecisionListener listener : listeners) {
            listener.decided(outcome);
        }
        return Optional.of(outcome);
    }

    public PolicyRegistry policies() {
        return policies;
    }

    public RateLimiter limiter() {
        return limiter;
    }
}
