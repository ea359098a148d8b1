package io.throttled.key;

import inet.ipaddr.IPAddress;
import inet.ipaddr.IPAddressString;
import inet.ipaddr.ipv6.IPv6Address;

/** Reading one address out of a header entry or a socket address, never throwing. */
public final class ClientAddresses {
    /** Longer entries are not addresses; refusing them early bounds the work per header. */
    private static final int MAX_ENTRY = 64;

    private ClientAddresses() {
    }

    /**
     * The address in {@code 192.0.2.1}, {@code 192.0.2.1:4711}, {@code 2001:db8::1},
     * {@code [2001:db8::1]:4711}, or {@code null} for anything else ({@code unknown}, obfuscated names,
     * garbage).
     */
    static IPAddress parse(String entry) {
        if (entry == null) {
            return null;
        }
        String text = entry.trim();
        if (text.isEmpty() || text.length() > MAX_ENTRY) {
            return null;
        }
        if (text.startsWith("[")) {
            int close = text.indexOf(']');
            if (close < 0 || !isPortOrNothing(text.substring(close + 1))) {
                return null;
            }
            text = text.substring(1, close);
        } else if (text.indexOf(':') == text.lastIndexOf(':') && text.indexOf(':') > 0 && text.contains(".")) {
            if (!isPortOrNothing(text.substring(text.indexOf(':')))) {
                return null;
            }
            text = text.substring(0, text.indexOf(':'));   // IPv4 with a port
        }
        int zone = text.indexOf('%');
        if (zone > 0) {
            text = text.substring(0, zone);
        }
        IPAddress address = read(text);
        if (address == null || address.isPrefixed() || address.isMultiple()) {
            return null;   // a CIDR block, a range (1-9.0.0.2) or a wildcard (192.0.2.*) is not a client
        }
        return unmapped(address);
    }

    /**
     * The address or block the text names, or {@code null}: {@link IPAddressString#getAddress()} is meant to answer
     * null for what is none, but throws for some text, e.g. AddressValueException for {@code 1100-.0.2}.
     */
    static IPAddress read(String text) {
        try {
            return new IPAddressString(text).getAddress();
        } catch (RuntimeException notAnAddress) {
            return null;
        }
    }

    /** "" or ":" and a port number. */
    private static boolean isPortOrNothing(String rest) {
        return rest.isEmpty() || rest.matches(":\\d{1,5}") && Integer.parseInt(rest.substring(1)) <= 65535;
    }

    /**
     * An IPv4-mapped IPv6 address as the IPv4 address it carries: {@code ::ffff:192.0.2.1} is the IPv4 client
     * 192.0.2.1.
     *
     * @param address an address
     * @return its IPv4 address when it is IPv4-mapped, otherwise the address itself
     */
    public static IPAddress unmapped(IPAddress address) {
        if (address instanceof IPv6Address v6 && v6.isIPv4Mapped()) {
            return v6.getEmbeddedIPv4Address();
        }
        return address;
    }
}
