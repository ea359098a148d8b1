package io.throttled.key;

import inet.ipaddr.IPAddress;

/**
 * The proxies whose forwarding header is believed: addresses or CIDR blocks, IPv4 or IPv6
 * ({@code throttled.trusted-proxies=10.0.0.0/8,192.168.1.7,fd00::/8}), and the one header they write
 * ({@code throttled.trusted-proxies.header=x-forwarded-for} or {@code forwarded}), which must be named whenever a
 * proxy is trusted: reading a header the proxies do not write would let a client name its own address.
 */
public final class TrustedProxies {
    /** No trusted proxy: every forwarding header is ignored. */
    public static final TrustedProxies NONE = new TrustedProxies(new AddressBlocks(), null, "");

    private final AddressBlocks blocks;
    private final ForwardingHeader header;
    private final String text;

    private TrustedProxies(AddressBlocks blocks, ForwardingHeader header, String text) {
        this.blocks = blocks;
        this.header = header;
        this.text = text;
    }

    /**
     * Parses {@code throttled.trusted-proxies} and {@code throttled.trusted-proxies.header}.
     *
     * @param text   addresses and CIDR blocks, comma separated; null or blank for none
     * @param header the header the proxies write: {@code x-forwarded-for} or {@code forwarded}; required when
     *               a proxy is trusted, checked when given
     * @return the proxies
     * @throws IllegalArgumentException naming each entry that is not an address or CIDR block, a missing
     *                                  header, or an unknown one
     */
    public static TrustedProxies parse(String text, String header) {
        ForwardingHeader forwarding = header == null || header.isBlank() ? null : ForwardingHeader.parse(header);
        if (text == null || text.isBlank()) {
            return NONE;
        }
        AddressBlocks blocks = new AddressBlocks();
        for (String part : text.split(",")) {
            blocks.add(part);
        }
        if (!blocks.bad().isEmpty()) {
            throw new IllegalArgumentException("throttled.trusted-proxies: " + String.join(", ", blocks.bad())
                    + " is not an IP address or CIDR block (e.g. 10.0.0.0/8, 192.168.1.7, fd00::/8)");
        }
        if (forwarding == null) {
            throw new IllegalArgumentException("throttled.trusted-proxies.header is not set, but throttled.trusted-proxies"
                    + " is ('" + text.trim() + "'): name the one header those proxies write, " + ForwardingHeader.ALLOWED
                    + "; the other is never read, since a client could write it");
        }
        return new TrustedProxies(blocks, forwarding, text.trim());
    }

    /** {@return the header the proxies write; null when no proxy is trusted} */
    public ForwardingHeader header() {
        return header;
    }

    /** {@return whether no proxy is trusted} */
    public boolean isEmpty() {
        return blocks.isEmpty();
    }

    /**
     * Whether an address is a trusted proxy.
     *
     * @param address an address
     * @return whether it lies in one of the blocks
     */
    public boolean contains(IPAddress address) {
        return blocks.blockOf(address) != null;
    }

    @Override
    public String toString() {
        return header == null ? text : text + " (" + header.headerName() + ")";
    }
}
