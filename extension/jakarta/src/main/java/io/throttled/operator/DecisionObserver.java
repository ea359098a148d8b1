package io.throttled.operator;

/**
 * Told of every decision the limiter makes on this node, for an operator's tool (the admin API's stats count them).
 * An application bean that implements it is found by CDI and told on the deciding thread, so it must be fast and must
 * not throw.
 */
public interface DecisionObserver {

    /**
     * One decision about a call.
     *
     * @param policy  the policy whose buckets decided: a tier's own ({@code <policy>.tier.<tier>}) for a caller in a
     *                tier
     * @param outcome what became of the call, named as in the metrics: {@code allowed}, {@code denied},
     *                {@code shadow_denied} (denied in shadow mode, so let through), {@code decided_without_redis} (a
     *                failure mode decided because Redis could not) or {@code skipped} (not asked: another policy of
     *                the same request was denied from memory)
     */
    void decided(String policy, String outcome);
}
