package io.throttled.key;

import inet.ipaddr.IPAddress;

/**
 * The proxies whose {@code X-Forwarded-For} and {@code Forwarded} headers are believed: addresses or CIDR
 * blocks, IPv4 or IPv6 ({@code throttled.trusted-proxies=10.0.0.0/8,192.168.1.7,fd00::/8}).
 */
public final class TrustedProxies {
    /** No trusted proxy: every forwarding header is ignored. */
    public static final TrustedProxies NONE = new TrustedProxies(new AddressBlocks(), "");

    private final AddressBlocks blocks;
    private final String text;

    private TrustedProxies(AddressBlocks blocks, String text) {
        this.blocks = blocks;
        this.text = text;
    }

    /**
     * Parses {@code throttled.trusted-proxies}.
     *
     * @param text addresses and CIDR blocks, comma separated; null or blank for none
     * @return the proxies
     * @throws IllegalArgumentException naming each entry that is not an address or CIDR block
     */
    public static TrustedProxies parse(String text) {
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
        return new TrustedProxies(blocks, text.trim());
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
        return text;
    }
}
