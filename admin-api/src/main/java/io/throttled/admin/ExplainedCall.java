package io.throttled.admin;

import io.throttled.key.CallContext;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The caller an explain request describes, as key resolvers, exemptions and tiers would see a real one. */
final class ExplainedCall implements CallContext {
    private final String user;
    private final List<String> roles;
    private final String address;
    private final Map<String, List<String>> headers;
    private final Map<String, String> claims;

    private ExplainedCall(String user, List<String> roles, String address, Map<String, List<String>> headers,
                          Map<String, String> claims) {
        this.user = user;
        this.roles = roles;
        this.address = address;
        this.headers = headers;
        this.claims = claims;
    }

    /** @throws IllegalArgumentException naming a header or claim parameter that is malformed */
    static ExplainedCall of(String user, List<String> roles, String address, List<String> headers, List<String> claims) {
        Map<String, List<String>> byName = new LinkedHashMap<>();
        for (String header : headers == null ? List.<String>of() : headers) {
            int colon = header.indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException("header='" + header + "' must be 'Name: value'");
            }
            byName.computeIfAbsent(header.substring(0, colon).trim().toLowerCase(java.util.Locale.ROOT),
                    k -> new ArrayList<>()).add(header.substring(colon + 1).trim());
        }
        Map<String, String> claimValues = new HashMap<>();
        for (String claim : claims == null ? List.<String>of() : claims) {
            int eq = claim.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("claim='" + claim + "' must be 'name=value'");
            }
            claimValues.put(claim.substring(0, eq).trim(), claim.substring(eq + 1).trim());
        }
        return new ExplainedCall(user == null || user.isBlank() ? null : user.trim(),
                roles == null ? List.of() : List.copyOf(roles), address == null || address.isBlank() ? null : address.trim(),
                byName, claimValues);
    }

    @Override
    public Optional<String> principal() {
        return Optional.ofNullable(user);
    }

    @Override
    public Optional<String> remoteAddress() {
        return Optional.ofNullable(address);
    }

    @Override
    public List<String> headers(String name) {
        return headers.getOrDefault(name.toLowerCase(java.util.Locale.ROOT), List.of());
    }

    @Override
    public boolean hasRequest() {
        return true;
    }

    @Override
    public Method method() {
        return null;
    }

    @Override
    public boolean isUserInRole(String role) {
        return roles.contains(role);
    }

    @Override
    public Optional<String> claim(String name) {
        return Optional.ofNullable(claims.get(name));
    }
}
