package io.throttled.key;

import inet.ipaddr.IPAddress;
import inet.ipaddr.IPAddressString;
import java.util.ArrayList;
import java.util.List;

/**
 * The proxies whose {@code X-Forwarded-For} and {@code Forwarded} headers are believed: addresses or CIDR
 * blocks, IPv4 or IPv6 ({@code throttled.trusted-proxies=10.0.0.0/8,192.168.1.7,fd00::/8}).
 */
public final class TrustedProxies {
    public static final TrustedProxies NONE = new TrustedProxies(List.of(), "");

    private final List<IPAddress> blocks;
    private final String text;

    private TrustedProxies(List<IPAddress> blocks, String text) {
        this.blocks = blocks;
        this.text = text;
    }

    /**
     * @throws IllegalArgumentException naming each entry that is not an address or CIDR block
     */
    public static TrustedProxies parse(String text) {
        if (text == null || text.isBlank()) {
            return NONE;
        }
        List<IPAddress> blocks = new ArrayList<>();
        List<String> bad = new ArrayList<>();
        for (String part : text.split(",")) {
            String entry = part.trim();
            IPAddress address = entry.isEmpty() ? null : new IPAddressString(entry).getAddress();
            if (address == null) {
                bad.add("'" + entry + "'");
            } else {
                blocks.add(ClientAddresses.unmapped(address).toPrefixBlock());
            }
        }
        if (!bad.isEmpty()) {
            throw new IllegalArgumentException("throttled.trusted-proxies: " + String.join(", ", bad)
                    + " is not an IP address or CIDR block (e.g. 10.0.0.0/8, 192.168.1.7, fd00::/8)");
        }
        return new TrustedProxies(List.copyOf(blocks), text.trim());
    }

    public boolean isEmpty() {
        return blocks.isEmpty();
    }

    public boolean contains(IPAddress address) {
        for (IPAddress block : blocks) {
            if (block.getIPVersion() == address.getIPVersion() && block.contains(address)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return text;
    }
}
