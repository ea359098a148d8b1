package io.throttled.it.tiers;

import io.throttled.key.CallContext;
import io.throttled.key.TierResolver;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;

/** An application's own tier resolver: API keys sold per plan. */
@ApplicationScoped
@Named("api-keys")
public class ApiKeyTiers implements TierResolver {
    @Override
    public String tier(CallContext call) {
        return call.headers("X-Api-Key").stream().findFirst().map(key -> key.startsWith("gold-") ? "gold" : null).orElse(null);
    }
}
