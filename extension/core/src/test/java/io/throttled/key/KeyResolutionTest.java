package io.throttled.key;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.core.BucketKeys;
import io.throttled.core.KeySource;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KeyResolutionTest {
    private final KeyResolution keys = new KeyResolution(new ClientIpResolver(TrustedProxies.NONE, 64),
            Map.<String, KeyResolver>of("tenant", call -> call.headers("X-Tenant").stream().findFirst().orElse(null))::get);

    private String key(String source, FakeCall call) {
        return keys.resolve(KeySource.parse(source), call);
    }

    @Test
    void principalOrIpPrefersTheCaller() {
        assertThat(key("principal-or-ip", FakeCall.from("192.0.2.1").principal("alice"))).isEqualTo("u:alice");
        assertThat(key("principal-or-ip", FakeCall.from("192.0.2.1"))).isEqualTo("ip:192.0.2.1");
        assertThat(key("principal-or-ip", FakeCall.from("192.0.2.1").principal("UNAUTHENTICATED")))
                .isEqualTo("ip:192.0.2.1");
    }

    /** The anonymous principal of each server (an EJB's context has one): never a caller, so never one shared bucket. */
    @Test
    void noServersAnonymousPrincipalIsACaller() {
        for (String anonymous : new String[] {"UNAUTHENTICATED", "anonymous", "ANONYMOUS", " ANONYMOUS ", ""}) {
            assertThat(CallContext.isAnonymous(anonymous)).as(anonymous).isTrue();
            assertThat(key("principal", FakeCall.from("192.0.2.7").principal(anonymous))).as(anonymous)
                    .isEqualTo("ip:192.0.2.7");
        }
        assertThat(CallContext.isAnonymous("anonymous-bob")).isFalse();
        assertThat(key("principal", FakeCall.from("192.0.2.7").principal("bob"))).isEqualTo("u:bob");
    }

    @Test
    void eachSourceAndItsFallback() {
        assertThat(key("principal", FakeCall.from("192.0.2.1").principal("bob"))).isEqualTo("u:bob");
        assertThat(key("principal", FakeCall.from("192.0.2.1"))).isEqualTo("ip:192.0.2.1");
        assertThat(key("ip", FakeCall.from("192.0.2.1").principal("bob"))).isEqualTo("ip:192.0.2.1");
        assertThat(key("global", FakeCall.from("192.0.2.1").principal("bob"))).isEqualTo("global");
        assertThat(key("header:X-Api-Key", FakeCall.from("192.0.2.1").header("X-Api-Key", " k-123 ")))
                .isEqualTo(KeyDigest.unkeyed().of("k-123"));
        assertThat(key("header:X-Api-Key", FakeCall.from("192.0.2.1"))).isEqualTo("ip:192.0.2.1");
        // several values name no one key: the application may check another one than the first
        assertThat(key("header:X-Api-Key", FakeCall.from("192.0.2.1").header("X-Api-Key", "k-1").header("X-Api-Key", "k-2")))
                .isEqualTo("ip:192.0.2.1");
        assertThat(key("header:X-Api-Key", FakeCall.from("192.0.2.1").header("X-Api-Key", "k-1, k-2"))).isEqualTo("ip:192.0.2.1");
        assertThat(key("header:X-Api-Key", FakeCall.from("192.0.2.1").header("X-Api-Key", "k-1,").header("X-Api-Key", " ")))
                .isEqualTo(KeyDigest.unkeyed().of("k-1"));
        assertThat(key("bean:tenant", FakeCall.from("192.0.2.1").header("X-Tenant", "acme"))).isEqualTo("acme");
        assertThat(key("bean:tenant", FakeCall.from("192.0.2.1"))).isEqualTo("ip:192.0.2.1");
    }

    @Test
    void aCompositeKeyJoinsItsParts() {
        assertThat(key("principal+ip", FakeCall.from("192.0.2.1").principal("alice"))).isEqualTo("u:alice/ip:192.0.2.1");
        assertThat(key(" principal + header:X-Tenant ", FakeCall.from("192.0.2.1").principal("bob").header("X-Tenant", "acme")))
                .isEqualTo("u:bob/" + KeyDigest.unkeyed().of("acme"));
        assertThat(KeySource.parse("principal + ip").toString()).isEqualTo("principal+ip");
    }

    @Test
    void badCompositeAndClaimSourcesAreRefusedWithTheReason() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> KeySource.parse("principal+ip+global"))
                .hasMessageContaining("joins exactly two");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> KeySource.parse("global+ip"))
                .hasMessageContaining("global cannot be part");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> KeySource.parse("principal+nobody"))
                .hasMessageContaining("unknown key source 'nobody'");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> KeySource.parse("claim:"))
                .hasMessageContaining("claim");
    }

    @Test
    void aCallWithoutARequestUsesItsPrincipalThenTheSharedAnonymousBucket() {
        assertThat(key("ip", FakeCall.withoutRequest().principal("batch-user"))).isEqualTo("u:batch-user");
        assertThat(key("header:X-Api-Key", FakeCall.withoutRequest().principal("batch-user"))).isEqualTo("u:batch-user");
        assertThat(key("principal-or-ip", FakeCall.withoutRequest())).isEqualTo(KeyResolution.ANONYMOUS);
        assertThat(key("ip", FakeCall.withoutRequest())).isEqualTo(KeyResolution.ANONYMOUS);
    }

    @Test
    void keysAClientControlsAreHashedBeforeTheyReachRedis() {
        String header = key("header:X-Api-Key", FakeCall.from("192.0.2.1").header("X-Api-Key", "}{slot" + "x".repeat(500)));
        String bean = key("bean:tenant", FakeCall.from("192.0.2.1").header("X-Tenant", "}{slot" + "x".repeat(500)));

        assertThat(header).startsWith("hd:").hasSize(25);   // a header value is digested at once: it may be a credential
        assertThat(BucketKeys.safe(header)).isEqualTo(header);
        assertThat(bean).hasSize(506);   // resolution keeps a bean's text ...
        assertThat(BucketKeys.safe(bean)).startsWith("~").hasSize(23);   // ... the store hashes it
        assertThat(BucketKeys.safe(key("ip", FakeCall.from("2001:db8::1")))).isEqualTo("ip:2001:db8::/64");
    }

    @Test
    void headerValuesAreNeverKeptInClearAndASecretKeysTheirDigest() {
        KeyDigest keyed = KeyDigest.keyed("0123456789abcdef-secret");
        KeyResolution withSecret = new KeyResolution(new ClientIpResolver(TrustedProxies.NONE, 64), name -> null, keyed);
        FakeCall call = FakeCall.from("192.0.2.1").header("X-Api-Key", "sk_live_4242");

        String plain = key("header:X-Api-Key", call);
        String secret = withSecret.resolve(KeySource.parse("header:X-Api-Key"), call);
        assertThat(plain).doesNotContain("sk_live").isEqualTo(KeyDigest.unkeyed().of("sk_live_4242"));
        assertThat(secret).doesNotContain("sk_live").startsWith("hd:").isNotEqualTo(plain)
                .isEqualTo(KeyDigest.keyed("0123456789abcdef-secret").of("sk_live_4242"));   // the same on every node
        assertThat(KeyDigest.keyed("another secret, 16+").of("sk_live_4242")).isNotEqualTo(secret);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> KeyDigest.keyed("short"))
                .hasMessage("throttled.key-secret is 5 characters long; it must have at least 16 (e.g. 32 random"
                        + " characters, the same on every node)");
    }
}
