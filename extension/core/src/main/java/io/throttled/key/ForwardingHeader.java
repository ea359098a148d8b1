package io.throttled.key;

import java.util.List;
import java.util.Locale;

/**
 * The one forwarding header the trusted proxies write ({@code throttled.trusted-proxies.header}). The other is
 * never read: proxies append to the header they write and pass any other through untouched, so a header they
 * do not write is wholly the client's.
 */
public enum ForwardingHeader {
    /** {@code X-Forwarded-For: client, proxy1, proxy2}: what nginx, HAProxy and most ingresses append to. */
    X_FORWARDED_FOR("x-forwarded-for", "X-Forwarded-For"),
    /** {@code Forwarded: for=client, for=proxy1} (RFC 7239). */
    FORWARDED("forwarded", "Forwarded");

    /** The allowed values of {@code throttled.trusted-proxies.header}. */
    public static final String ALLOWED = "x-forwarded-for, forwarded";

    private final String configName;
    private final String headerName;

    ForwardingHeader(String configName, String headerName) {
        this.configName = configName;
        this.headerName = headerName;
    }

    /**
     * Reads {@code throttled.trusted-proxies.header}.
     *
     * @param text the setting's value
     * @return the header
     * @throws IllegalArgumentException naming the value and the allowed ones
     */
    public static ForwardingHeader parse(String text) {
        String value = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (ForwardingHeader header : values()) {
            if (header.configName.equals(value)) {
                return header;
            }
        }
        throw new IllegalArgumentException("throttled.trusted-proxies.header='" + text + "' is not a forwarding header;"
                + " allowed: " + ALLOWED + " (the one your trusted proxies write)");
    }

    /** {@return the value in config} */
    public String configName() {
        return configName;
    }

    /** {@return the HTTP header's name} */
    public String headerName() {
        return headerName;
    }

    /** The hops this header names, left (client side) to right (our side). */
    List<String> hops(CallContext call) {
        List<String> lines = call.headers(headerName);
        return this == FORWARDED ? ForwardedHeaders.forwarded(lines) : ForwardedHeaders.xForwardedFor(lines);
    }
}
