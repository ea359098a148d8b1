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
                        "throttled.trusted-proxies.header=x-forwarded-for",
                        "throttled.policy.plan.rate=1/1m",
                        "throttled.policy.plan.key=ip",
                        "throttled.policy.plan.tier-by=header:X-Plan",
                        "throttled.policy.plan.tier.pro.rate=3/1m",
                        "throttled.route.keyed.path=/api/tiered/open",
                        "throttled.route.keyed.rate=1/1m",
                        "throttled.route.keyed.tier-by=bean:api-keys",
                        "throttled.route.keyed.tier.gold.rate=2/1m",
                        "throttled.route.burst.path=/api/tiered/burst",
                        "throttled.route.burst.rate=10/1m",
                        "throttled.route.burst.key=ip")
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
    void aClientsOwnForwardedHeaderGetsExactlyTheBurstBehindAProxyThatAppendsXForwardedFor() {
        int admitted = 0;
        for (int i = 0; i < 25; i++) {
            // the proxy appended the client's address to X-Forwarded-For and passed the client's Forwarded through
            ClientHttp response = ClientHttp.get(base, "api/tiered/burst",
                    Map.of("X-Forwarded-For", "203.0.113.7", "Forwarded", "for=198.51.100." + i));
            assertThat(response.status()).isIn(200, 429);
            admitted += response.status() == 200 ? 1 : 0;
        }
        assertThat(admitted).isEqualTo(10);
    }

    @Test
    void aPlanHeaderWithSeveralValuesIsNoPlan() {
        // a proxy that appends would pass the client's "pro" first: several values are treated as none
        Map<String, String> twoPlans = Map.of("X-Plan", "pro, basic", "X-Forwarded-For", "203.0.113.21");
        ClientHttp first = ClientHttp.get(base, "api/tiered", twoPlans);
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.header("RateLimit-Policy")).isEqualTo("\"plan\";q=1;w=60");
        assertThat(ClientHttp.get(base, "api/tiered", twoPlans).status()).isEqualTo(429);
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
