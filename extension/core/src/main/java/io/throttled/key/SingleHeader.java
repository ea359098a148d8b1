package io.throttled.key;

import java.util.Optional;

/**
 * The value of a header that names one thing (a tier, an API key), read so that a client cannot add its own
 * beside the one a proxy or the application checked. A request carrying several values, in several header lines
 * or comma-separated in one, carries none: a proxy that appends would otherwise let the client's value, written
 * first, win; and an application that checks the last value would be keyed by the first.
 */
public final class SingleHeader {
    /** Longer values name nothing a limiter keys on; refusing them bounds the work per header. */
    static final int MAX_CHARS = 4096;

    private SingleHeader() {
    }

    /**
     * The header's one value, trimmed.
     *
     * @param call the call
     * @param name the header's name, in any case
     * @return the value; empty when the header is missing, blank, longer than {@value #MAX_CHARS} characters,
     *         or carries several values
     */
    public static Optional<String> of(CallContext call, String name) {
        String found = null;
        for (String line : call.headers(name)) {
            if (line == null) {
                continue;
            }
            if (line.length() > MAX_CHARS) {
                return Optional.empty();
            }
            for (String part : line.split(",", -1)) {
                String value = part.trim();
                if (value.isEmpty()) {
                    continue;
                }
                if (found != null) {
                    return Optional.empty();
                }
                found = value;
            }
        }
        return Optional.ofNullable(found);
    }
}
