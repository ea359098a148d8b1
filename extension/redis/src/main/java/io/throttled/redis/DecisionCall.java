package io.throttled.redis;

import io.throttled.core.BucketKeys;
import io.throttled.core.Limit;
import io.throttled.core.PerPolicy;
import io.throttled.core.Policy;
import java.util.ArrayList;
import java.util.List;

/**
 * The call of a policy's algorithm script for one decision: a key per limit, then the cost, the time and each
 * limit's arguments. Reservations, penalties and leases send the same call with arguments of their own after it.
 */
final class DecisionCall {
    /**
     * What a policy's decision call always says: its script, the suffix of each limit's key and the limits'
     * arguments, made once per policy instance, not on every decision (they cost key and number formatting).
     */
    private static final PerPolicy<CallShape> SHAPES = new PerPolicy<>(CallShape::new);

    private DecisionCall() {
    }

    /**
     * The call deciding this request.
     *
     * @param now '' for the server's clock, or µs since the epoch
     */
    static ScriptCall of(BucketKeys keys, Policy policy, String key, long cost, String now) {
        CallShape shape = SHAPES.of(policy);
        String bucket = keys.bucket(policy, key);
        List<String> scriptKeys = new ArrayList<>(shape.keySuffixes.length);
        for (String suffix : shape.keySuffixes) {
            scriptKeys.add(bucket.concat(suffix));
        }
        List<String> args = new ArrayList<>(2 + shape.limitArgs.size());
        args.add(Long.toString(cost));
        args.add(now);
        args.addAll(shape.limitArgs);
        return new ScriptCall(shape.script.lua(), scriptKeys, args);
    }

    /** A policy's script, limit key suffixes ({@link BucketKeys#limit} past the bucket key) and limit arguments. */
    private static final class CallShape {
        final AlgorithmScript script;
        final String[] keySuffixes;
        final List<String> limitArgs;

        CallShape(Policy policy) {
            this.script = AlgorithmScripts.of(policy);
            List<Limit> limits = policy.limits();
            this.keySuffixes = new String[limits.size()];
            List<String> args = new ArrayList<>(3 * limits.size());
            for (int i = 0; i < keySuffixes.length; i++) {
                keySuffixes[i] = BucketKeys.limit("", policy, limits.get(i));
                script.addArguments(limits.get(i), args);
            }
            this.limitArgs = List.copyOf(args);
        }
    }
}
