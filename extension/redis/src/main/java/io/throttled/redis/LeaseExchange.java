package io.throttled.redis;

import io.throttled.core.BucketKeys;
import io.throttled.core.Policy;
import io.throttled.lease.LeaseGrant;
import java.util.ArrayList;
import java.util.List;

/**
 * The call of lease.lua, which gives a returned lease's unused tokens back and takes a new lease in one atomic
 * call, and how its reply {tokens, remaining, retry_after_ms, reset_after_ms, index, given_back} becomes a
 * {@link LeaseGrant}.
 */
final class LeaseExchange {
    private LeaseExchange() {
    }

    /** @param now '' for the server's clock, or µs since the epoch */
    static ScriptCall call(BucketKeys keys, Policy policy, String key, long want, long least, String returnedId,
                           long unused, String newId, String now) {
        ScriptCall decision = DecisionCall.of(keys, policy, key, want, now);
        List<String> scriptKeys = new ArrayList<>(decision.keys());
        scriptKeys.add(BucketKeys.leases(keys.bucket(policy, key)));
        List<String> args = new ArrayList<>(decision.args());
        args.add(Integer.toString(policy.limits().size()));
        args.add(Long.toString(least));
        args.add(Long.toString(policy.leasing().lifetimeMillis()));
        args.add(returnedId == null ? "" : returnedId);
        args.add(Long.toString(Math.max(0, unused)));
        args.add(newId == null ? "" : newId);
        return new ScriptCall(AlgorithmScripts.of(policy).lease(), scriptKeys, args);
    }

    static LeaseGrant parse(Policy policy, Object reply) {
        if (!(reply instanceof List<?> values) || values.size() != 6) {
            throw new IllegalStateException("unexpected reply from the lease script for policy '" + policy.name()
                    + "': " + reply);
        }
        long[] n = new long[6];
        for (int i = 0; i < 6; i++) {
            if (!(values.get(i) instanceof Long number)) {
                throw new IllegalStateException("expected an integer at position " + (i + 1) + " of " + values);
            }
            n[i] = number;
        }
        int index = (int) n[4];
        if (index < 1 || index > policy.limits().size()) {
            throw new IllegalStateException("lease script named limit " + index + " of policy '" + policy.name() + "'");
        }
        return new LeaseGrant(n[0], n[1], n[2], n[3], policy.limits().get(index - 1), n[5]);
    }
}
