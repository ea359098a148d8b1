package io.throttled.key;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import inet.ipaddr.IPAddress;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzzes what a client controls on the way to its address key: the socket peer's text, the forwarding header
 * lines, and single-valued headers. Input: UTF-8 text, line 1 the peer (empty: none), each further line one
 * header line. See docs/fuzzing.md.
 */
@Timeout(5)   // per input; while fuzzing, Jazzer hands it to libFuzzer as -timeout
class ForwardedHeadersFuzzTest {
    private static final String PROXIES = "10.0.0.0/8, 192.168.1.7, fd00::/8";
    private static final TrustedProxies VIA_XFF = TrustedProxies.parse(PROXIES, "x-forwarded-for");
    private static final TrustedProxies VIA_FORWARDED = TrustedProxies.parse(PROXIES, "forwarded");
    // kept across inputs, so its cache of the last peer is exercised too
    private static final ClientIpResolver XFF = new ClientIpResolver(VIA_XFF, 64);
    private static final ClientIpResolver FORWARDED = new ClientIpResolver(VIA_FORWARDED, 64);

    @FuzzTest(maxDuration = "60s")
    void clientAddress(byte[] input) {
        List<String> lines = lines(input);
        String peer = lines.get(0).isEmpty() ? null : lines.get(0);
        List<String> headerLines = lines.subList(1, lines.size());

        check(XFF, VIA_XFF, peer, headerLines);
        check(FORWARDED, VIA_FORWARDED, peer, headerLines);
    }

    @FuzzTest(maxDuration = "60s")
    void singleHeader(byte[] input) {
        FakeCall call = FakeCall.from("192.0.2.1");
        lines(input).forEach(line -> call.header("X-Api-Key", line));

        Optional<String> value = SingleHeader.of(call, "x-api-key");

        // blank as String.trim sees it: it drops every control character too (header text is ISO-8859-1, where
        // trim takes all that isBlank would, and more)
        long values = call.headers("x-api-key").stream().filter(line -> line.length() <= SingleHeader.MAX_CHARS)
                .flatMap(line -> Arrays.stream(line.split(",", -1))).filter(part -> !part.trim().isEmpty()).count();
        boolean tooLong = call.headers("x-api-key").stream().anyMatch(line -> line.length() > SingleHeader.MAX_CHARS);
        assertThat(value.isPresent()).as("one value, else none").isEqualTo(values == 1 && !tooLong);
        value.ifPresent(v -> assertThat(v).isNotEmpty().isEqualTo(v.trim()).doesNotContain(","));
    }

    private static void check(ClientIpResolver resolver, TrustedProxies trusted, String peer, List<String> headerLines) {
        String own = trusted.header().headerName();
        String other = trusted.header() == ForwardingHeader.FORWARDED ? "X-Forwarded-For" : "Forwarded";
        FakeCall call = FakeCall.from(peer);
        FakeCall ownOnly = FakeCall.from(peer);
        for (String line : headerLines) {
            call.header(own, line).header(other, line);
            ownOnly.header(own, line);
        }

        Optional<String> key = resolver.clientIp(call);
        Optional<IPAddress> client = resolver.clientAddress(call);

        // the other header is never read, and the cached peer answers as a fresh one would
        assertThat(key).isEqualTo(new ClientIpResolver(trusted, 64).clientIp(ownOnly));
        IPAddress peerAddress = ClientAddresses.parse(peer);
        assertThat(key.isPresent()).as("a key exactly when the peer is an address").isEqualTo(peerAddress != null);
        assertThat(client.isPresent()).isEqualTo(peerAddress != null);
        if (peerAddress == null) {
            return;
        }
        // garbage never becomes a key: it is an address, or an IPv6 /64, in canonical form
        assertThat(key.get()).matches("[0-9a-f.:]{2,39}(/64)?");
        assertThat(resolver.normalise(client.get().toCanonicalString())).isEqualTo(key);
        if (!trusted.contains(peerAddress)) {
            assertThat(client.get()).as("an untrusted peer is the client").isEqualTo(peerAddress);
        } else {
            assertThat(walkEnd(trusted, trusted.header().hops(call), peerAddress, client.get())).isTrue();
        }
    }

    /**
     * Whether the client is where a walk from the right stops: past every trusted hop, at the first untrusted
     * one; or at the last trusted address when the hops run out or the next one is no address.
     */
    private static boolean walkEnd(TrustedProxies trusted, List<String> hops, IPAddress peer, IPAddress client) {
        assertThat(hops.size()).isLessThanOrEqualTo(ForwardedHeaders.MAX_HOPS);
        IPAddress last = hops.isEmpty() ? null : ClientAddresses.parse(hops.get(hops.size() - 1));
        if (client.equals(peer) && last == null) {
            return true;
        }
        for (int i = hops.size() - 1; i >= 0; i--) {
            IPAddress hop = ClientAddresses.parse(hops.get(i));
            if (hop == null) {
                return false;
            }
            if (hop.equals(client)) {
                boolean leftEnds = i == 0 || ClientAddresses.parse(hops.get(i - 1)) == null;
                if (!trusted.contains(hop) || leftEnds) {
                    return true;
                }
            }
            if (!trusted.contains(hop)) {
                return false;   // the first untrusted hop from the right must have been the client
            }
        }
        return false;
    }

    static List<String> lines(byte[] input) {
        return List.of(new String(input, UTF_8).split("\n", -1));
    }
}
