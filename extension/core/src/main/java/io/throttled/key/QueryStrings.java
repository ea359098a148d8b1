package io.throttled.key;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/** Reads a parameter from a raw query string, without touching a request body (getParameter may read a form). */
public final class QueryStrings {
    private QueryStrings() {
    }

    /**
     * The first value of a parameter.
     *
     * @param query the raw query string, or null
     * @param name  the parameter name, decoded
     * @return the first value of {@code name}, decoded; null when absent
     */
    public static String first(String query, String name) {
        if (query == null) {
            return null;
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            if (key.equals(name)) {
                return eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            }
        }
        return null;
    }
}
