package io.throttled.it.jwt;

import io.throttled.it.server.Requires;
import io.throttled.it.server.Scenario;
import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.it.ClientHttp;
import io.throttled.it.Deployments;
import java.net.URL;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * MicroProfile JWT callers with test-signed tokens: the {@code plan} claim picks the tier, the {@code sub}
 * claim keys the bucket, on a server with mpJwt-2.1.
 */
@Requires(Scenario.MP_JWT)
@RunAsClient
@ExtendWith(ArquillianExtension.class)
class ClaimTiersTest {

    @Deployment(testable = false)
    @TargetsContainer("jwt")
    static WebArchive deployment() {
        return Deployments.war("claim-tiers",
                        "mp.jwt.verify.publickey=" + TestTokens.publicKeyProperty(),
                        "mp.jwt.verify.issuer=" + TestTokens.ISSUER,
                        "throttled.policy.jwt-plan.rate=1/1m",
                        "throttled.policy.jwt-plan.key=claim:sub",
                        "throttled.policy.jwt-plan.tier-by=claim:plan",
                        "throttled.policy.jwt-plan.tier.pro.rate=3/1m")
                .addClasses(JwtApplication.class, PlanResource.class);
    }

    @ArquillianResource
    URL base;

    @Test
    void theTokensPlanClaimPicksTheTierAndItsSubjectTheKey() {
        Map<String, String> pro = bearer(TestTokens.token("alice", "pro"));
        for (int remaining = 2; remaining >= 0; remaining--) {
            ClientHttp ok = ClientHttp.get(base, "api/plan", pro);
            assertThat(ok.status()).as(ok.body()).isEqualTo(200);
            assertThat(ok.body()).isEqualTo("alice");
            assertThat(ok.header("RateLimit-Policy")).isEqualTo("\"jwt-plan.tier.pro\";q=3;w=60");
            assertThat(ok.header("RateLimit")).startsWith("\"jwt-plan.tier.pro\";r=" + remaining + ";");
        }
        ClientHttp denied = ClientHttp.get(base, "api/plan", pro);
        assertThat(denied.status()).isEqualTo(429);
        assertThat(denied.body()).contains("\"tier\":\"pro\"");

        // another subject on the same plan has a bucket of its own
        assertThat(ClientHttp.get(base, "api/plan", bearer(TestTokens.token("bob", "pro"))).status()).isEqualTo(200);
        // a plan the policy does not declare is the default tier
        Map<String, String> free = bearer(TestTokens.token("carol", "free"));
        ClientHttp first = ClientHttp.get(base, "api/plan", free);
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.header("RateLimit-Policy")).isEqualTo("\"jwt-plan\";q=1;w=60");
        assertThat(ClientHttp.get(base, "api/plan", free).status()).isEqualTo(429);
    }

    private static Map<String, String> bearer(String token) {
        return Map.of("Authorization", "Bearer " + token);
    }
}
