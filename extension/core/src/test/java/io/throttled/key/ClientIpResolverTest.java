package io.throttled.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ClientIpResolverTest {
    private static final String PROXIES = "10.0.0.0/8, 192.168.1.7, fd00::/8";
    private final ClientIpResolver behindProxies = new ClientIpResolver(TrustedProxies.parse(PROXIES, "x-forwarded-for"), 64);
    private final ClientIpResolver behindForwarded = new ClientIpResolver(TrustedProxies.parse(PROXIES, "Forwarded"), 64);
    private final ClientIpResolver direct = new ClientIpResolver(TrustedProxies.NONE, 64);

    private static Optional<String> ip(ClientIpResolver resolver, FakeCall call) {
        return resolver.clientIp(call);
    }

    @Test
    void anUntrustedPeerIsTheClientWhateverItsHeadersSay() {
        FakeCall spoofed = FakeCall.from("203.0.113.9").header("X-Forwarded-For", "1.1.1.1")
                .header("Forwarded", "for=2.2.2.2");

        assertThat(ip(behindProxies, spoofed)).contains("203.0.113.9");
        assertThat(ip(direct, FakeCall.from("10.1.2.3").header("X-Forwarded-For", "1.1.1.1"))).contains("10.1.2.3");
    }

    @Test
    void behindATrustedProxyTheRightMostUntrustedHopIsTheClient() {
        // the client wrote "6.6.6.6" itself; our proxies appended the real client and each other
        FakeCall call = FakeCall.from("10.0.0.2").header("X-Forwarded-For", "6.6.6.6, 198.51.100.4, 10.0.0.1");

        assertThat(ip(behindProxies, call)).contains("198.51.100.4");
    }

    @Test
    void severalForwardedForHeadersReadAsOneList() {
        FakeCall call = FakeCall.from("10.0.0.2").header("X-Forwarded-For", "6.6.6.6")
                .header("X-Forwarded-For", "198.51.100.4, 192.168.1.7");

        assertThat(ip(behindProxies, call)).contains("198.51.100.4");
    }

    @Test
    void whenEveryHopIsTrustedTheLeftMostIsTheClient() {
        assertThat(ip(behindProxies, FakeCall.from("10.0.0.2").header("X-Forwarded-For", "10.9.9.9, 10.0.0.1")))
                .contains("10.9.9.9");
        assertThat(ip(behindProxies, FakeCall.from("10.0.0.2"))).contains("10.0.0.2");
    }

    @Test
    void forwardedIsReadOnlyWhenTheProxiesWriteItAndItsQuotedIpv6AndPortsAreRead() {
        FakeCall call = FakeCall.from("10.0.0.2")
                .header("X-Forwarded-For", "203.0.113.50")
                .header("Forwarded", "for=192.0.2.43, for=\"[2001:db8:cafe::17]:4711\";proto=https;by=10.0.0.2");

        assertThat(ip(behindForwarded, call)).contains("2001:db8:cafe::/64");
        assertThat(ip(behindForwarded, FakeCall.from("10.0.0.2").header("Forwarded", "For=\"192.0.2.60:8080\"")))
                .contains("192.0.2.60");
        assertThat(ip(behindProxies, call)).contains("203.0.113.50");
    }

    @Test
    void aClientsOwnForwardedHeaderNeverPicksItsBucketBehindAProxyThatAppendsXForwardedFor() {
        // nginx, HAProxy and most ingresses append X-Forwarded-For and pass Forwarded through untouched
        for (int i = 0; i < 20; i++) {
            FakeCall forged = FakeCall.from("10.0.0.2").header("X-Forwarded-For", "203.0.113.7")
                    .header("Forwarded", "for=198.51.100." + i);
            assertThat(ip(behindProxies, forged)).contains("203.0.113.7");
        }
        // and the reverse: behind proxies that write Forwarded, a client's own X-Forwarded-For is never read
        FakeCall forged = FakeCall.from("10.0.0.2").header("Forwarded", "for=203.0.113.7").header("X-Forwarded-For", "1.1.1.1");
        assertThat(ip(behindForwarded, forged)).contains("203.0.113.7");
        assertThat(ip(behindForwarded, FakeCall.from("10.0.0.2").header("X-Forwarded-For", "1.1.1.1"))).contains("10.0.0.2");
    }

    @Test
    void trustedProxiesNeedTheirHeaderNamedAndOnlyAKnownOne() {
        assertThatThrownBy(() -> TrustedProxies.parse("10.0.0.0/8", null))
                .hasMessageStartingWith("throttled.trusted-proxies.header is not set, but throttled.trusted-proxies is"
                        + " ('10.0.0.0/8'): name the one header those proxies write, x-forwarded-for, forwarded");
        assertThatThrownBy(() -> TrustedProxies.parse("10.0.0.0/8", "x-real-ip"))
                .hasMessage("throttled.trusted-proxies.header='x-real-ip' is not a forwarding header; allowed:"
                        + " x-forwarded-for, forwarded (the one your trusted proxies write)");
        assertThatThrownBy(() -> TrustedProxies.parse("", "both")).hasMessageContaining("'both'");
        assertThat(TrustedProxies.parse("", null)).isSameAs(TrustedProxies.NONE);
        assertThat(TrustedProxies.parse(" 10.0.0.0/8 ", "X-Forwarded-For").header()).isEqualTo(ForwardingHeader.X_FORWARDED_FOR);
    }

    @Test
    void ipv6ClientsAreGroupedByTheirSlash64() {
        assertThat(ip(direct, FakeCall.from("2001:db8:cafe:17:1:2:3:4"))).contains("2001:db8:cafe:17::/64");
        assertThat(ip(direct, FakeCall.from("2001:db8:cafe:17:ffff::1"))).contains("2001:db8:cafe:17::/64");
        assertThat(ip(new ClientIpResolver(TrustedProxies.NONE, 48), FakeCall.from("2001:db8:cafe:17::1")))
                .contains("2001:db8:cafe::/48");
        assertThat(ip(direct, FakeCall.from("::ffff:192.0.2.1"))).contains("192.0.2.1");
        assertThat(ip(direct, FakeCall.from("fe80::1%eth0"))).contains("fe80::/64");
    }

    @ParameterizedTest
    @ValueSource(strings = {"garbage", "unknown", "_hidden", "\"", "[::1", "1.2.3.4.5", "300.1.1.1", "",
        "10.0.0.0/8", ";;;;", "for=", "\u0000\u0001", "1.1.1.1:99999999999999999999", "1.1.1.1:x", "[2001:db8::1]:70000",
        // ranges and wildcards are sets of addresses (found by ForwardedHeadersFuzzTest: "10-0.0.2" became a key)
        "10-0.0.2", "192.0.2.*", "10.0-255.0.1", "2001:db8::*", "*",
        "1100-.0.2"})   // IPAddressString threw AddressValueException for it (found by ForwardedHeadersFuzzTest)
    void garbageNeverThrowsNorBecomesAKey(String garbage) {
        FakeCall xff = FakeCall.from("10.0.0.2").header("X-Forwarded-For", garbage + ", 10.0.0.1");
        FakeCall forwarded = FakeCall.from("10.0.0.2").header("Forwarded", "for=" + garbage + ", for=10.0.0.1");
        assertThat(ip(behindForwarded, forwarded).orElseThrow()).isIn("10.0.0.1", "10.0.0.2");

        // the walk stops at the last address known good: one of our own proxies
        assertThat(ip(behindProxies, xff)).contains("10.0.0.1");
        assertThat(ip(behindProxies, forwarded)).contains("10.0.0.2");   // Forwarded is not what these proxies write
    }

    @Test
    void hugeHeadersAreBoundedAndReadFromTheRight() {
        String chain = "6.6.6.6, ".repeat(50_000) + "198.51.100.4, 10.0.0.1";
        FakeCall call = FakeCall.from("10.0.0.2").header("X-Forwarded-For", chain);

        assertThat(ip(behindProxies, call)).contains("198.51.100.4");
        assertThat(ip(behindProxies, FakeCall.from("10.0.0.2").header("X-Forwarded-For", "x".repeat(100_000))))
                .contains("10.0.0.2");
    }

    @Test
    void noPeerNoAddress() {
        assertThat(ip(direct, FakeCall.withoutRequest())).isEmpty();
        assertThat(ip(direct, FakeCall.from("not-an-ip"))).isEmpty();
        assertThat(ip(direct, FakeCall.from("10-0.0.2"))).isEmpty();
        assertThat(ip(direct, FakeCall.from("1100-.0.2"))).isEmpty();
    }

    @Test
    void badTrustedProxiesAreNamedInTheError() {
        assertThatThrownBy(() -> TrustedProxies.parse("10.0.0.0/8, nonsense, 1.2.3.999, 1100-.0.2", "x-forwarded-for"))
                .hasMessage("throttled.trusted-proxies: 'nonsense', '1.2.3.999', '1100-.0.2' is not an IP address or CIDR block"
                        + " (e.g. 10.0.0.0/8, 192.168.1.7, fd00::/8)");
        assertThatThrownBy(() -> new ClientIpResolver(TrustedProxies.NONE, 129))
                .hasMessageContaining("throttled.ipv6-prefix-length=129 must be between 1 and 128");
    }
}
