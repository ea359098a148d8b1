package io.throttled.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ClientIpResolverTest {
    private final ClientIpResolver behindProxies =
            new ClientIpResolver(TrustedProxies.parse("10.0.0.0/8, 192.168.1.7, fd00::/8"), 64);
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
    void forwardedIsPreferredAndItsQuotedIpv6AndPortsAreRead() {
        FakeCall call = FakeCall.from("10.0.0.2")
                .header("X-Forwarded-For", "203.0.113.50")
                .header("Forwarded", "for=192.0.2.43, for=\"[2001:db8:cafe::17]:4711\";proto=https;by=10.0.0.2");

        assertThat(ip(behindProxies, call)).contains("2001:db8:cafe::/64");
        assertThat(ip(behindProxies, FakeCall.from("10.0.0.2").header("Forwarded", "For=\"192.0.2.60:8080\"")))
                .contains("192.0.2.60");
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
        "10.0.0.0/8", ";;;;", "for=", "\u0000\u0001", "1.1.1.1:99999999999999999999", "1.1.1.1:x", "[2001:db8::1]:70000"})
    void garbageNeverThrowsNorBecomesAKey(String garbage) {
        FakeCall xff = FakeCall.from("10.0.0.2").header("X-Forwarded-For", garbage + ", 10.0.0.1");
        FakeCall forwarded = FakeCall.from("10.0.0.2").header("Forwarded", "for=" + garbage + ", for=10.0.0.1");

        // the walk stops at the last address known good: one of our own proxies
        assertThat(ip(behindProxies, xff)).contains("10.0.0.1");
        assertThat(ip(behindProxies, forwarded).orElseThrow()).isIn("10.0.0.1", "10.0.0.2");
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
    }

    @Test
    void badTrustedProxiesAreNamedInTheError() {
        assertThatThrownBy(() -> TrustedProxies.parse("10.0.0.0/8, nonsense, 1.2.3.999"))
                .hasMessage("throttled.trusted-proxies: 'nonsense', '1.2.3.999' is not an IP address or CIDR block"
                        + " (e.g. 10.0.0.0/8, 192.168.1.7, fd00::/8)");
        assertThatThrownBy(() -> new ClientIpResolver(TrustedProxies.NONE, 129))
                .hasMessageContaining("throttled.ipv6-prefix-length=129 must be between 1 and 128");
    }
}
