package io.throttled.key;

/**
 * An application's own way to key a policy's buckets: a CDI bean implementing this interface, named with
 * {@code @Named("tenant")} and chosen by {@code key = "bean:tenant"}.
 *
 * <pre>{@code
 * @ApplicationScoped @Named("tenant")
 * public class TenantKey implements KeyResolver {
 *     public String resolve(CallContext call) {
 *         return call.headers("X-Tenant").stream().findFirst().orElse(null);
 *     }
 * }
 * }</pre>
 *
 * Keys may be any text: long or unusual ones are hashed before they reach Redis.
 */
@FunctionalInterface
public interface KeyResolver {

    /**
     * The key for this call.
     *
     * @param call what is known of the call
     * @return the key, or {@code null} (or blank) to fall back to {@code principal-or-ip}
     */
    String resolve(CallContext call);
}
