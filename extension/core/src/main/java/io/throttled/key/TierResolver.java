package io.throttled.key;

/**
 * Chooses a caller's tier for a policy with {@code tier-by=bean:<name>}: a CDI bean implementing this
 * interface, qualified {@code @Named("<name>")}. Return a tier the policy declares, or null (or an unknown
 * tier) for the default tier.
 */
public interface TierResolver {
    /**
     * The caller's tier.
     *
     * @param call what is known of the call
     * @return a tier the policy declares, or null for the default tier
     */
    String tier(CallContext call);
}
