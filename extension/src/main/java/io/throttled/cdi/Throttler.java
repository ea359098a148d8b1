package io.throttled.cdi;

import io.throttled.config.PolicyDeclaration;
import io.throttled.config.PolicyRegistry;
import io.throttled.core.Decision;
import io.throttled.core.Policy;
import io.throttled.core.RateLimiter;
import io.throttled.key.CallContext;
import io.throttled.key.KeyResolution;
import java.lang.reflect.Method;
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

    public Throttler(PolicyRegistry policies, KeyResolution keys, RateLimiter limiter, ShadowLog shadow) {
        this.policies = policies;
        this.keys = keys;
        this.limiter = limiter;
        this.shadow = shadow;
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
        return Optional.of(new Outcome(policy, key, decision));
    }

    public PolicyRegistry policies() {
        return policies;
    }

    public RateLimiter limiter() {
        return limiter;
    }
}
