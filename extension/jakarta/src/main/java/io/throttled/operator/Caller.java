package io.throttled.operator;

import io.throttled.key.CallContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A caller as the filters would see one, described by an operator to explain a call ({@link CallExplainer}): who, in
 * which roles, from where, with which headers, token claims and query parameters.
 *
 * @param principal       the authenticated user's name; null for an anonymous caller
 * @param roles           the roles the caller is in
 * @param remoteAddress   the socket peer's address, before trusted proxies and forwarding headers are applied as for
 *                        a request; null for none
 * @param headers         the request's headers by name in lower case, each with its values in order
 * @param claims          the token's claims by name
 * @param queryParameters the request's query parameters by name
 */
public record Caller(String principal, List<String> roles, String remoteAddress, Map<String, List<String>> headers,
                     Map<String, String> claims, Map<String, String> queryParameters) {

    /**
     * A caller that does not change: every collection is copied (null is empty), and header names are put in lower
     * case, the values of names that differ only in case together.
     *
     * @param principal       the authenticated user's name; null for an anonymous caller
     * @param roles           the roles the caller is in
     * @param remoteAddress   the socket peer's address; null for none
     * @param headers         the request's headers by name in any case
     * @param claims          the token's claims by name
     * @param queryParameters the request's query parameters by name
     */
    public Caller {
        roles = roles == null ? List.of() : List.copyOf(roles);
        Map<String, List<String>> byName = new LinkedHashMap<>();
        if (headers != null) {
            headers.forEach((name, values) -> byName.computeIfAbsent(name.toLowerCase(Locale.ROOT), n -> new ArrayList<>())
                    .addAll(values));
        }
        byName.replaceAll((name, values) -> List.copyOf(values));
        headers = java.util.Collections.unmodifiableMap(byName);
        claims = claims == null ? Map.of() : Map.copyOf(claims);
        queryParameters = queryParameters == null ? Map.of() : Map.copyOf(queryParameters);
    }

    /**
     * Whether a principal name stands for nobody, as the filters see it (Liberty names the anonymous subject
     * {@code UNAUTHENTICATED}): a tool that admits only authenticated callers refuses these.
     *
     * @param name a principal's name, or null
     * @return true for null, blank, {@code UNAUTHENTICATED} and {@code anonymous}
     */
    public static boolean isAnonymous(String name) {
        return CallContext.isAnonymous(name);
    }
}
