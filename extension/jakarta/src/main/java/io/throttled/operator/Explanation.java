package io.throttled.operator;

import io.throttled.core.Policy;
import java.util.List;

/**
 * What a request would meet, in the order it is decided: the routes its method and path match, then the policy of the
 * resource method it reaches. Nothing was consumed to find out.
 *
 * @param method         the HTTP method, in upper case
 * @param path           the request path under the context root
 * @param resourceMethod the resource method the request reaches ({@code com.example.Orders#list}); null when it
 *                       reaches none (a 404 or 405)
 * @param template       that resource method's full path template; null when it reaches none
 * @param clientAddress  the client's address as keys see it, after trusted proxies; null when there is none
 * @param checks         every policy the request meets, in the order they are decided
 */
public record Explanation(String method, String path, String resourceMethod, String template, String clientAddress,
                          List<Check> checks) {

    /**
     * An explanation that does not change: the checks are copied.
     *
     * @param method         the HTTP method
     * @param path           the request path
     * @param resourceMethod the resource method reached, or null
     * @param template       its path template, or null
     * @param clientAddress  the client's address, or null
     * @param checks         every policy the request meets, in order
     */
    public Explanation {
        checks = List.copyOf(checks);
    }

    /**
     * One policy a request meets, as the filter would decide it.
     *
     * @param origin       where it applies from: {@code route} or {@code annotation}
     * @param policy       the policy's name
     * @param count        which calls it charges: {@code all}, or a condition on the response such as
     *                     {@code status:401}
     * @param tier         the caller's tier; {@code default} when the policy has no tiers or the caller is in none
     * @param bucketPolicy the policy whose buckets decide: the tier's own, or the policy itself
     * @param unlimited    whether the caller's tier admits every call without deciding
     * @param key          the client key its buckets are kept under; null when nothing is decided
     * @param exemptBy     the exemption that matched the caller ({@code 10.0.0.0/8}, {@code role:ops}); null for none
     */
    public record Check(String origin, String policy, String count, String tier, Policy bucketPolicy, boolean unlimited,
                        String key, String exemptBy) {

        /** {@return whether a bucket is consulted: not for an exempt caller, nor for an unlimited tier} */
        public boolean decided() {
            return exemptBy == null && !unlimited;
        }
    }
}
