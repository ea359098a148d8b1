package io.throttled.core;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;

/**
 * What a policy always yields (texts, script arguments), made once per policy instance instead of on every call.
 * The registry hands out the same instance until the policy changes, so a few slots by identity serve every call;
 * a changed policy is a new instance and takes a slot of its own, and a slot two policies share is remade when
 * they alternate (correct, only slower).
 *
 * @param <T> what is made
 */
public final class PerPolicy<T> {
    private static final int SLOTS = 32;

    private final AtomicReferenceArray<Made<T>> slots = new AtomicReferenceArray<>(SLOTS);
    private final Function<Policy, T> make;

    /**
     * A cache of what {@code make} yields.
     *
     * @param make what a policy yields; called again when the policy's slot was taken by another
     */
    public PerPolicy(Function<Policy, T> make) {
        this.make = make;
    }

    /**
     * What this policy instance yields, made now unless its slot holds it.
     *
     * @param policy the policy
     * @return what it yields
     */
    public T of(Policy policy) {
        int slot = System.identityHashCode(policy) & (SLOTS - 1);
        Made<T> known = slots.get(slot);
        if (known != null && known.policy == policy) {
            return known.value;
        }
        T value = make.apply(policy);
        slots.set(slot, new Made<>(policy, value));
        return value;
    }

    /** A class, not a record: nothing here needs equals, and a record's would be bootstrapped (JDK-8078641). */
    private static final class Made<T> {
        final Policy policy;
        final T value;

        Made(Policy policy, T value) {
            this.policy = policy;
            this.value = value;
        }
    }
}
