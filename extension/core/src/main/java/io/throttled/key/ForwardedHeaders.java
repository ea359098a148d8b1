package io.throttled.key;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The hops named by {@code Forwarded} (RFC 7239) or {@code X-Forwarded-For}, left (client side) to right
 * (our side). Only the last {@value #MAX_HOPS} hops and the first {@value #MAX_CHARS} characters of each
 * header count: enough for any real chain, and a bound on what a client can make us parse.
 */
final class ForwardedHeaders {
    static final int MAX_HOPS = 32;
    static final int MAX_CHARS = 4096;

    private ForwardedHeaders() {
    }

    /** The {@code for=} value of each element; an element without one gives an empty entry. */
    static List<String> forwarded(List<String> headers) {
        List<String> hops = new ArrayList<>();
        for (String header : headers) {
            for (String element : splitOutsideQuotes(bounded(header), ',')) {
                String forValue = "";
                for (String pair : splitOutsideQuotes(element, ';')) {
                    int eq = pair.indexOf('=');
                    if (eq > 0 && pair.substring(0, eq).trim().toLowerCase(Locale.ROOT).equals("for")) {
                        forValue = unquote(pair.substring(eq + 1).trim());
                    }
                }
                hops.add(forValue);
            }
        }
        return last(hops);
    }

    /** Each comma-separated entry of every {@code X-Forwarded-For} header. */
    static List<String> xForwardedFor(List<String> headers) {
        List<String> hops = new ArrayList<>();
        for (String header : headers) {
            for (String entry : bounded(header).split(",", -1)) {
                hops.add(entry.trim());
            }
        }
        return last(hops);
    }

    private static String bounded(String header) {
        if (header == null) {
            return "";
        }
        // keep the right end: that is the part our own proxies wrote
        return header.length() <= MAX_CHARS ? header : header.substring(header.length() - MAX_CHARS);
    }

    private static List<String> last(List<String> hops) {
        return hops.size() <= MAX_HOPS ? hops : new ArrayList<>(hops.subList(hops.size() - MAX_HOPS, hops.size()));
    }

    private static String unquote(String value) {
        if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
            return value.substring(1, value.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
        }
        return value;
    }

    private static List<String> splitOutsideQuotes(String text, char separator) {
        List<String> parts = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' && (i == 0 || text.charAt(i - 1) != '\\')) {
                quoted = !quoted;
            }
            if (c == separator && !quoted) {
                parts.add(current.toString().trim());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        parts.add(current.toString().trim());
        return parts;
    }
}
