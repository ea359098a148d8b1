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
 * A header tier is believed only from a trusted proxy: this deployment trusts none, so a client that names
 * its own plan gets the default tier's limit and headers.
 */
@RunAsClient
@ExtendWith(ArquillianExtension.class)
class HeaderTiersTest {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.war("header-tiers",
                        "throttled.policy.plan.rate=1/1m",
                        "throttled.policy.plan.key=ip",
                        "throttled.policy.plan.tier-by=header:X-Plan",
                        "throttled.policy.plan.tier.pro.rate=3/1m")
                .addClasses(TieredApplication.class, TieredResource.class);
    }

    @ArquillianResource
    URL base;

    @Test
    void aClientBehindNoTrustedProxyCannotPickItsTier() {
        ClientHttp first = ClientHttp.get(base, "api/tiered", Map.of("X-Plan", "pro"));
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.header("RateLimit-Policy")).isEqualTo("\"plan\";q=1;w=60");
        ClientHttp second = ClientHttp.get(base, "api/tiered", Map.of("X-Plan", "pro"));
        assertThat(second.status()).isEqualTo(429);
        assertThat(second.body()).doesNotContain("\"tier\"");
    }
}
