package io.throttled.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.throttled.core.Policy;
import io.throttled.key.ClientIpResolver;
import io.throttled.key.KeyDigest;
import io.throttled.key.TrustedProxies;
import org.junit.jupiter.api.Test;

class ClientKeysTest {
    private final ClientIpResolver ips = new ClientIpResolver(TrustedProxies.NONE, 64);
    private final KeyDigest digest = KeyDigest.keyed("a secret of sixteen+ chars");

    private String key(String keySource, String given) {
        return ClientKeys.clientKey(Policy.builder("p").rate("1/1s").key(keySource).build(), given, ips, digest);
    }

    @Test
    void givesTheKeyTheFilterWouldResolve() {
        assertThat(key("principal-or-ip", "alice")).isEqualTo("u:alice");
        assertThat(key("principal-or-ip", "192.0.2.7")).isEqualTo("ip:192.0.2.7");
        assertThat(key("principal", "2001:db8:cafe:17::99")).isEqualTo("ip:2001:db8:cafe:17::/64");
        assertThat(key("header:X-Api-Key", "k-123")).isEqualTo(digest.of("k-123")).startsWith("hd:").doesNotContain("k-123");
        assertThat(key("global", "whatever")).isEqualTo("global");
        assertThat(key("bean:tenant", "acme")).isEqualTo("acme");
    }

    @Test
    void takesResolvedKeysAsTheyAreAndNormalisesAddresses() {
        assertThat(key("ip", "u:alice")).isEqualTo("u:alice");
        assertThat(key("ip", "ip:2001:db8::1")).isEqualTo("ip:2001:db8::/64");
        assertThat(key("principal", "anonymous")).isEqualTo("anonymous");
    }

    @Test
    void anOperatorFindsAHeaderBucketByTheClearValueNeverStoredInClear() {
        String stored = digest.of("k-123");
        assertThat(key("header:X-Api-Key", "h:k-123")).isEqualTo(stored);
        assertThat(key("header:X-Api-Key", stored)).isEqualTo(stored);
        assertThat(key("principal+header:X-Api-Key", "u:alice/h:k-123")).isEqualTo("u:alice/" + stored);
    }

    @Test
    void refusesWhatCannotBeAKeyOfThePolicy() {
        assertThatThrownBy(() -> key("ip", "alice")).hasMessage("'alice' is not an IP address, and policy 'p' is keyed by ip");
        assertThatThrownBy(() -> key("ip", "ip:nonsense")).hasMessage("'nonsense' is not an IP address");
        assertThatThrownBy(() -> key("principal", "  ")).hasMessage("the key is empty");
    }
}
