package io.throttled.config;

import inet.ipaddr.IPAddress;
import io.throttled.key.AddressBlocks;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Callers a policy never limits: client addresses in CIDR blocks (the address after trusted proxies, as
 * keys see it) and callers in a role, e.g. {@code exempt=10.0.0.0/8,::1,role:throttled-admin}. An exempt
 * call is not counted and gets no rate-limit headers.
 */
public final class Exemptions {
    public static final Exemptions NONE = new Exemptions(new AddressBlocks(), List.of(), "");
    public static final String ALLOWED = "a comma-separated list of addresses or CIDR blocks (10.0.0.0/8, ::1)"
            + " and role:<name> entries";

    private final AddressBlocks blocks;
    private final List<String> roles;
    private final String text;

    private Exemptions(AddressBlocks blocks, List<String> roles, String text) {
        this.blocks = blocks;
        this.roles = roles;
        this.text = text;
    }

    /** @throws IllegalArgumentException naming every bad entry and the allowed forms */
    public static Exemptions parse(String value) {
        if (value == null || value.isBlank()) {
            return NONE;
        }
        AddressBlocks blocks = new AddressBlocks();
        List<String> roles = new ArrayList<>();
        List<String> bad = new ArrayList<>();
        for (String part : value.split(",")) {
            String entry = part.trim();
            if (!entry.startsWith("role:")) {
                blocks.add(entry);
            } else if (entry.substring("role:".length()).isBlank()) {
                bad.add("'" + entry + "'");
            } else {
                roles.add(entry.substring("role:".length()).trim());
            }
        }
        bad.addAll(0, blocks.bad());
        if (!bad.isEmpty()) {
            throw new IllegalArgumentException(String.join(", ", bad) + " in exempt '" + value.trim()
                    + "' is neither an address, a CIDR block nor role:<name>; allowed: " + ALLOWED);
        }
        return new Exemptions(blocks, List.copyOf(roles), value.trim());
    }

    public boolean isEmpty() {
        return blocks.isEmpty() && roles.isEmpty();
    }

    /** The entry that exempts this caller ({@code 10.0.0.0/8}, {@code role:x}), or null when none does. */
    public String exemptBy(IPAddress client, Predicate<String> inRole) {
        IPAddress block = client == null ? null : blocks.blockOf(client);
        if (block != null) {
            return block.toCompressedString();
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
