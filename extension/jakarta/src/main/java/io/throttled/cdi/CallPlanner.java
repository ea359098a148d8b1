package io.throttled.cdi;

import io.throttled.config.ResolvedPolicy;
import io.throttled.config.TierSource;
import io.throttled.config.Tiers;
import io.throttled.key.CallContext;
import io.throttled.key.KeyResolution;
import io.throttled.key.SingleHeader;
import io.throttled.key.TierResolver;
import java.util.Optional;
import java.util.function.Function;

/**
 * Works out how one policy applies to a call: exempt or not, which tier, which key. Shared by the filter,
 * the interceptor and the explain endpoint, so that what explain says is what the filter does.
 */
public final class CallPlanner {
    private final KeyResolution keys;
    private final Function<String, TierResolver> tierBeans;

    public CallPlanner(KeyResolution keys, Function<String, TierResolver> tierBeans) {
        this.keys = keys;
        this.tierBeans = tierBeans;
    }

    public PlannedCheck plan(String origin, ResolvedPolicy policy, CallContext call) {
        String exemptBy = policy.rules().exempt().isEmpty() ? null
                : policy.rules().exempt().exemptBy(keys.ips().clientAddress(call).orElse(null), call::isUserInRole);
        String tier = Tiers.DEFAULT;
        ResolvedPolicy applied = policy;
        if (!policy.tiers().isEmpty()) {
            tier = tierOf(policy, call).orElse(Tiers.DEFAULT);
            applied = policy.tier(tier).orElse(policy);
        }
        String key = exemptBy != null || applied.rules().unlimited() ? null : keys.resolve(applied.policy().key(), call);
        return new PlannedCheck(origin, policy, tier, applied, key, exemptBy);
    }

    /** The tier the policy's {@code tier-by} names for this caller, when it is one the policy declares. */
    private Optional<String> tierOf(ResolvedPolicy policy, CallContext call) {
        TierSource source = policy.rules().tierBy();
        switch (source.kind()) {
            case ROLE:
                for (String tier : policy.tiers().keySet()) {
                    if (call.isUserInRole(tier)) {
                        return Optional.of(tier);
                    }
                }
                return Optional.empty();
            case CLAIM:
                return call.claim(source.argument()).map(String::trim).filter(policy.tiers()::containsKey);
            case HEADER:
                // a client must never pick its own tier: only a trusted proxy's header counts, and only when it
                // carries one value (a proxy that appends would otherwise let the client's, written first, win)
                if (!keys.ips().viaTrustedProxy(call)) {
                    return Optional.empty();
                }
                return SingleHeader.of(call, source.argument()).filter(policy.tiers()::containsKey);
            case BEAN:
                return Optional.ofNullable(tierBeans.apply(source.argument()).tier(call)).map(String::trim)
                        .filter(policy.tiers()::containsKey);
            case NONE:
            default:
                return Optional.empty();
        }
    }
}
