package io.throttled.key;

import inet.ipaddr.IPAddress;
import java.util.ArrayList;
import java.util.List;

/** Addresses and CIDR blocks, IPv4 or IPv6 (IPv4-mapped IPv6 counts as IPv4), and whether one holds an address. */
public final class AddressBlocks {
    private final List<IPAddress> blocks = new ArrayList<>();
    private final List<String> bad = new ArrayList<>();

    /**
     * Adds an entry: an address or a CIDR block; anything else is remembered in {@link #bad()}.
     *
     * @param entry the text of one entry
     * @return this
     */
    public AddressBlocks add(String entry) {
        String text = entry.trim();
        IPAddress address = text.isEmpty() ? null : ClientAddresses.read(text);
        if (address == null) {
            bad.add("'" + text + "'");
        } else {
            blocks.add(ClientAddresses.unmapped(address).toPrefixBlock());
        }
        return this;
    }

    /** {@return the entries that were no address or block, quoted, for a message} */
    public List<String> bad() {
        return List.copyOf(bad);
    }

    /** {@return whether no address or block was added} */
    public boolean isEmpty() {
        return blocks.isEmpty();
    }

    /**
     * The block holding an address.
     *
     * @param address a client or peer address
     * @return the block, or null when none holds it
     */
    public IPAddress blockOf(IPAddress address) {
        IPAddress plain = ClientAddresses.unmapped(address);
        for (IPAddress block : blocks) {
            if (block.getIPVersion() == plain.getIPVersion() && block.contains(plain)) {
                return block;
            }
        }
        return null;
    }
}
