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
    private final Map<String, String> query;

    private ExplainedCall(String user, List<String> roles, String address, Map<String, List<String>> headers,
                          Map<String, String> claims, Map<String, String> query) {
        this.query = query;
        this.user = user;
        this.roles = roles;
        this.address = address;
        this.headers = headers;
        this.claims = claims;
    }

    /** @throws IllegalArgumentException naming a header or claim parameter that is malformed */
    static ExplainedCall of(String user, List<String> roles, String address, List<String> headers, List<String> claims,
                            List<String> params) {
        Map<String, List<String>> byName = new LinkedHashMap<>();
        for (String header : headers == null ? List.<String>of() : headers) {
            int colon = header.indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException("header='" + header + "' must be 'Name: value'");
            }
            byName.computeIfAbsent(header.substring(0, colon).trim().toLowerCase(java.util.Locale.ROOT),
                    k -> new ArrayList<>()).add(header.substring(colon + 1).trim());
        }
        Map<String, String> claimValues = pairs("claim", claims);
        Map<String, String> queryValues = pairs("param", params);
        return new ExplainedCall(user == null || user.isBlank() ? null : user.trim(),
                roles == null ? List.of() : List.copyOf(roles), address == null || address.isBlank() ? null : address.trim(),
                byName, claimValues, queryValues);
    }

    private static Map<String, String> pairs(String parameter, List<String> texts) {
        Map<String, String> values = new HashMap<>();
        for (String text : texts == null ? List.<String>of() : texts) {
            int eq = text.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException(parameter + "='" + text + "' must be 'name=value'");
            }
            values.putIfAbsent(text.substring(0, eq).trim(), text.substring(eq + 1).trim());
        }
        return values;
    }

    @Override
    public Optional<String> queryParameter(String name) {
        return Optional.ofNullable(query.get(name));
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
