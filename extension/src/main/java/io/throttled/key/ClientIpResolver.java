package io.throttled.key;

import inet.ipaddr.IPAddress;
import java.util.List;
import java.util.Optional;

/**
 * Finds the client's address: the socket peer, unless the peer is a trusted proxy; then the right-most
 * hop of {@code Forwarded} (preferred) or {@code X-Forwarded-For} that is not a trusted proxy. Headers
 * from untrusted peers are ignored, so a client cannot spoof its address. An entry that is not an
 * address ends the walk at the last address known good (a trusted proxy): garbage never becomes a key.
 * IPv6 clients are grouped by their /64 (configurable), since one host usually holds a whole /64.
 */
public final class ClientIpResolver {
    private final TrustedProxies trusted;
    private final int ipv6PrefixLength;

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
        return clientAddress(call).map(this::group);
    }

    /**
     * The client's own address (not grouped), after trusted proxies: what exemptions compare.
     *
     * @param call the call
     * @return the address; empty without a remote address
     */
    public Optional<IPAddress> clientAddress(CallContext call) {
        IPAddress client = call.remoteAddress().map(ClientAddresses::parse).orElse(null);
        if (client == null) {
            return Optional.empty();
        }
        if (trusted.contains(client)) {
            client = walkProxies(client, call);
        }
        return Optional.of(client);
    }

    /**
     * Whether the socket peer is a trusted proxy: only then are headers it forwards believed.
     *
     * @param call the call
     * @return whether its peer is one of the trusted proxies
     */
    public boolean viaTrustedProxy(CallContext call) {
        IPAddress peer = call.remoteAddress().map(ClientAddresses::parse).orElse(null);
        return peer != null && trusted.contains(peer);
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
        List<String> forwarded = call.headers("Forwarded");
        List<String> hops = forwarded.isEmpty()
                ? ForwardedHeaders.xForwardedFor(call.headers("X-Forwarded-For"))
                : ForwardedHeaders.forwarded(forwarded);
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
