package io.throttled.it.tiers;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.it.ClientHttp;
import io.throttled.it.Deployments;
import java.net.URL;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Behind a trusted proxy (the test client's loopback address is configured as one), the proxy's plan header
 * picks the tier, each tier with buckets of its own; a resolver bean picks another policy's tier.
 */
@RunAsClient
@ExtendWith(ArquillianExtension.class)
class TrustedProxyTiersTest {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.war("proxy-tiers",
                        "throttled.trusted-proxies=127.0.0.0/8,::1",
                        "throttled.policy.plan.rate=1/1m",
                        "throttled.policy.plan.key=ip",
                        "throttled.policy.plan.tier-by=header:X-Plan",
                        "throttled.policy.plan.tier.pro.rate=3/1m",
                        "throttled.route.keyed.path=/api/tiered/open",
                        "throttled.route.keyed.rate=1/1m",
                        "throttled.route.keyed.tier-by=bean:api-keys",
                        "throttled.route.keyed.tier.gold.rate=2/1m")
                .addClasses(TieredApplication.class, TieredResource.class, ApiKeyTiers.class);
    }

    @ArquillianResource
    URL base;

    @Test
    void theProxysPlanHeaderPicksTheTierAndEachTierHasItsOwnBuckets() {
        Map<String, String> pro = Map.of("X-Plan", "pro", "X-Forwarded-For", "203.0.113.9");
        for (int remaining = 2; remaining >= 0; remaining--) {
            ClientHttp ok = ClientHttp.get(base, "api/tiered", pro);
            assertThat(ok.status()).isEqualTo(200);
            assertThat(ok.header("RateLimit-Policy")).isEqualTo("\"plan.tier.pro\";q=3;w=60");
            assertThat(ok.header("RateLimit")).startsWith("\"plan.tier.pro\";r=" + remaining + ";");
        }
        ClientHttp denied = ClientHttp.get(base, "api/tiered", pro);
        assertThat(denied.status()).isEqualTo(429);
        assertThat(denied.body()).contains("\"policy\":\"plan.tier.pro\"", "\"tier\":\"pro\"");

        // the same client address without the plan: the default tier's own bucket, still full
        ClientHttp plain = ClientHttp.get(base, "api/tiered", Map.of("X-Forwarded-For", "203.0.113.9"));
        assertThat(plain.status()).isEqualTo(200);
        assertThat(plain.header("RateLimit-Policy")).isEqualTo("\"plan\";q=1;w=60");
        // an unknown plan is the default tier too
        assertThat(ClientHttp.get(base, "api/tiered", Map.of("X-Plan", "platinum", "X-Forwarded-For", "203.0.113.9"))
                .status()).isEqualTo(429);
    }

    @Test
    void aResolverBeanPicksTheTierOfARoute() {
        Map<String, String> gold = Map.of("X-Api-Key", "gold-123", "X-Forwarded-For", "198.51.100.4");
        assertThat(ClientHttp.get(base, "api/tiered/open", gold).header("RateLimit-Policy"))
                .isEqualTo("\"keyed.tier.gold\";q=2;w=60");
        assertThat(ClientHttp.get(base, "api/tiered/open", gold).status()).isEqualTo(200);
        assertThat(ClientHttp.get(base, "api/tiered/open", gold).status()).isEqualTo(429);
        Map<String, String> none = Map.of("X-Api-Key", "basic-9", "X-Forwarded-For", "198.51.100.4");
        assertThat(ClientHttp.get(base, "api/tiered/open", none).header("RateLimit-Policy")).isEqualTo("\"keyed\";q=1;w=60");
    }
}
