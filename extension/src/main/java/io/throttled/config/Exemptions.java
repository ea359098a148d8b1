package io.throttled.config;

import inet.ipaddr.IPAddress;
import inet.ipaddr.IPAddressString;
import io.throttled.key.ClientAddresses;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Callers a policy never limits: client addresses in CIDR blocks (the address after trusted proxies, as
 * keys see it) and callers in a role, e.g. {@code exempt=10.0.0.0/8,::1,role:throttled-admin}. An exempt
 * call is not counted and gets no rate-limit headers.
 */
public final class Exemptions {
    public static final Exemptions NONE = new Exemptions(List.of(), List.of(), "");
    public static final String ALLOWED = "a comma-separated list of addresses or CIDR blocks (10.0.0.0/8, ::1)"
            + " and role:<name> entries";

    private final List<IPAddress> blocks;
    private final List<String> roles;
    private final String text;

    private Exemptions(List<IPAddress> blocks, List<String> roles, String text) {
        this.blocks = blocks;
        this.roles = roles;
        this.text = text;
    }

    /** @throws IllegalArgumentException naming every bad entry and the allowed forms */
    public static Exemptions parse(String value) {
        if (value == null || value.isBlank()) {
            return NONE;
        }
        List<IPAddress> blocks = new ArrayList<>();
        List<String> roles = new ArrayList<>();
        List<String> bad = new ArrayList<>();
        for (String part : value.split(",")) {
            String entry = part.trim();
            if (entry.startsWith("role:")) {
                String role = entry.substring("role:".length()).trim();
                if (role.isEmpty()) {
                    bad.add("'" + entry + "'");
                } else {
                    roles.add(role);
                }
                continue;
            }
            IPAddress address = entry.isEmpty() ? null : new IPAddressString(entry).getAddress();
            if (address == null) {
                bad.add("'" + entry + "'");
            } else {
                blocks.add(ClientAddresses.unmapped(address).toPrefixBlock());
            }
        }
        if (!bad.isEmpty()) {
            throw new IllegalArgumentException(String.join(", ", bad) + " in exempt '" + value.trim()
                    + "' is neither an address, a CIDR block nor role:<name>; allowed: " + ALLOWED);
        }
        return new Exemptions(List.copyOf(blocks), List.copyOf(roles), value.trim());
    }

    public boolean isEmpty() {
        return blocks.isEmpty() && roles.isEmpty();
    }

    /** The entry that exempts this caller ({@code 10.0.0.0/8}, {@code role:x}), or null when none does. */
    public String exemptBy(IPAddress client, Predicate<String> inRole) {
        if (client != null) {
            IPAddress address = ClientAddresses.unmapped(client);
            for (IPAddress block : blocks) {
                if (block.getIPVersion() == address.getIPVersion() && block.contains(address)) {
                    return block.toCompressedString();
                }
            }
        }
        for (String role : roles) {
            if (inRole.test(role)) {
                return "role:" + role;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return text;
    }
}
