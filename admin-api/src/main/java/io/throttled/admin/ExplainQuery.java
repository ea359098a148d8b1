package io.throttled.admin;

import io.throttled.operator.Caller;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The caller an explain request describes in its query parameters: {@code user}, {@code role}, {@code address},
 * {@code header=Name: value}, {@code claim=name=value} and {@code param=name=value}, each of the last three repeatable.
 */
final class ExplainQuery {
    private ExplainQuery() {
    }

    /** @throws IllegalArgumentException naming a header, claim or param parameter that is malformed */
    static Caller caller(String user, List<String> roles, String address, List<String> headers, List<String> claims,
                         List<String> params) {
        Map<String, List<String>> byName = new LinkedHashMap<>();
        for (String header : headers == null ? List.<String>of() : headers) {
            int colon = header.indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException("header='" + header + "' must be 'Name: value'");
            }
            byName.computeIfAbsent(header.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                    k -> new ArrayList<>()).add(header.substring(colon + 1).trim());
        }
        Map<String, String> claimValues = pairs("claim", claims);
        Map<String, String> queryValues = pairs("param", params);
        return new Caller(user == null || user.isBlank() ? null : user.trim(), roles,
                address == null || address.isBlank() ? null : address.trim(), byName, claimValues, queryValues);
    }

    /** {@code name=value} texts by name; the first of a name counts. */
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
}
