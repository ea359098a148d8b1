package io.throttled.key;

import inet.ipaddr.IPAddress;
import java.util.List;
import java.util.Optional;

/**
 * Finds the client's address: the socket peer, unless the peer is a trusted proxy; then the right-most
 * hop that is not a trusted proxy, of the one header those proxies write ({@code X-Forwarded-For} or
 * {@code Forwarded}, as configured; the other is never read). Headers from untrusted peers are ignored, so a
 * client cannot spoof its address. An entry that is not an
 * address ends the walk at the last address known good (a trusted proxy): garbage never becomes a key.
 * IPv6 clients are grouped by their /64 (configurable), since one host usually holds a whole /64.
 */
public final class ClientIpResolver {
    private final TrustedProxies trusted;
    private final int ipv6PrefixLength;
    private volatile Peer lastPeer;

    /**
     * A resolver believing the forwarding headers of these proxies.
     *
     * @param trusted          the trusted proxies ({@code throttled.trusted-proxies})
     * @param ipv6PrefixLength how IPv6 clients are grouped ({@code throttled.ipv6-prefix-length}), 1 to 128
     * @throws IllegalArgumentException when the prefix length is out of range
     */
    public ClientIpResolver(TrustedProxies trusted, int ipv6PrefixLength) {
        if (ipv6PrefixLength < 1 || ipv6PrefixLength > 128) {
            throw new IllegalArgumentException("throttled.ipv6-prefix-length=" + ipv6PrefixLength
                    + " must be between 1 and 128");
        }
        this.trusted = trusted;
        this.ipv6PrefixLength = ipv6PrefixLength;
    }

    /**
     * The client's address as key text: {@code 192.0.2.1} or {@code 2001:db8:cafe:17::/64}.
     *
     * @param call the call
     * @return the address, IPv6 grouped; empty without a remote address
     */
    public Optional<String> clientIp(CallContext call) {
        Peer peer = peer(call);
        if (peer == null || peer.address == null) {
            return Optional.empty();
        }
        return peer.trusted ? Optional.of(group(walkProxies(peer.address, call))) : peer.key;
    }

    /**
     * The client's own address (not grouped), after trusted proxies: what exemptions compare.
     *
     * @param call the call
     * @return the address; empty without a remote address
     */
    public Optional<IPAddress> clientAddress(CallContext call) {
        Peer peer = peer(call);
        if (peer == null || peer.address == null) {
            return Optional.empty();
        }
        return Optional.of(peer.trusted ? walkProxies(peer.address, call) : peer.address);
    }

    /**
     * Whether the socket peer is a trusted proxy: only then are headers it forwards believed.
     *
     * @param call the call
     * @return whether its peer is one of the trusted proxies
     */
    public boolean viaTrustedProxy(CallContext call) {
        Peer peer = peer(call);
        return peer != null && peer.trusted;
    }

    /**
     * The call's socket peer, parsed; the last one is kept, since a client (or the proxy in front) sends many
     * requests in a row: parsing an address on every request was a visible part of a decision's cost.
     */
    private Peer peer(CallContext call) {
        String text = call.remoteAddress().orElse(null);
        if (text == null) {
            return null;
        }
        Peer last = lastPeer;
        if (last != null && last.text.equals(text)) {
            return last;
        }
        IPAddress address = ClientAddresses.parse(text);
        Peer peer = address == null ? new Peer(text, null, false, Optional.empty())
                : new Peer(text, address, trusted.contains(address), Optional.of(group(address)));
        lastPeer = peer;
        return peer;
    }

    /** A socket peer's text, its address (null when it is none), whether it is a trusted proxy, its key text. */
    private record Peer(String text, IPAddress address, boolean trusted, Optional<String> key) {
    }

    /**
     * An address as it appears in keys (IPv6 grouped).
     *
     * @param address an address as text
     * @return the key text; empty when the text is no address
     */
    public Optional<String> normalise(String address) {
        return Optional.ofNullable(ClientAddresses.parse(address)).map(this::group);
    }

    private IPAddress walkProxies(IPAddress peer, CallContext call) {
        List<String> hops = trusted.header().hops(call);
        IPAddress client = peer;
        for (int i = hops.size() - 1; i >= 0; i--) {
            IPAddress hop = ClientAddresses.parse(hops.get(i));
            if (hop == null) {
                break;
            }
            client = hop;
            if (!trusted.contains(hop)) {
                break;
            }
        }
        return client;
    }

    private String group(IPAddress address) {
        if (address.isIPv6()) {
            return address.toPrefixBlock(ipv6PrefixLength).toCompressedString();
        }
        return address.toNormalizedString();
    }
}
