package io.throttled.cdi;

import io.throttled.config.ResolvedPolicy;
import io.throttled.core.Policy;

/**
 * One policy a call meets, as it will be decided: where it came from ({@code route} or {@code annotation}),
 * the policy, the caller's tier and the policy that tier decides by, the key; or why it is not decided
 * (an exemption, an unlimited tier). What the explain endpoint shows is exactly what the filter then does.
 *
 * @param exemptBy the exemption entry that matched ({@code 10.0.0.0/8}, {@code role:ops}), or null
 */
public record PlannedCheck(String origin, ResolvedPolicy policy, String tier, ResolvedPolicy applied, String key,
                           String exemptBy) {

    public static final String ROUTE = "route";
    public static final String ANNOTATION = "annotation";

    /** Whether a bucket is consulted: not for an exempt caller nor an unlimited tier. */
    public boolean decided() {
        return exemptBy == null && !applied.rules().unlimited();
    }

    /** The policy whose buckets decide: the tier's, or the policy itself for the default tier. */
    public Policy bucketPolicy() {
        return applied.policy();
    }

    /** True when the call is only checked before it runs and charged after the response (a count condition). */
    public boolean chargedAfterResponse() {
        return !policy.rules().count().countsAll();
    }
}
