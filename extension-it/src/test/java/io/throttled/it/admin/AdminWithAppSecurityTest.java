package io.throttled.it.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.it.ClientHttp;
import io.throttled.it.Deployments;
import java.net.URI;
import java.net.URL;
import java.util.Map;
import java.util.Set;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

/**
 * With appSecurity and without JSON-B (the full test server): 401 anonymous, 403 for a user without the role, and
 * for an operator every method answers JSON, never a 500 for want of a JSON-B provider.
 */
@RunAsClient
@ExtendWith(ArquillianExtension.class)
class AdminWithAppSecurityTest {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return AdminCalls.war("admin-full", "throttled.key-secret=it-secret-of-at-least-16-chars");
    }

    @ArquillianResource
    URL base;

    @Test
    void onlyOperatorsGetInAndEveryAnswerIsJson() {
        for (AdminCalls call : AdminCalls.ALL) {
            assertThat(call.send(base, null, null).status()).as("%s anonymous", call).isEqualTo(401);
            assertThat(call.send(base, "bob", "bob-it").status()).as("%s as a user", call).isEqualTo(403);
            ClientHttp operator = call.send(base, "alice", "alice-it");
            assertThat(operator.status()).as("%s as an operator: %s", call, operator.body()).isBetween(200, 299);
            assertThat(operator.header("Content-Type")).as("%s as an operator", call).startsWith("application/json");
            assertThat(operator.body()).as("%s as an operator", call).startsWith(call.path().endsWith("policies")
                    || call.path().endsWith("routes") ? "[" : "{");
        }
    }

    @Test
    void anApiKeyIsNeverStoredOrShownInClearAndAnOperatorFindsItsBucketByTheClearValue() {
        String apiKey = "sk_live_Q2hlY2tNZQ";
        assertThat(ClientHttp.get(base, "api/orders/partner", Map.of("X-Api-Key", apiKey)).status()).isEqualTo(200);

        try (Jedis redis = new Jedis(URI.create(Deployments.redisUrl()))) {
            Set<String> keys = redis.keys("it:admin-full:*");
            assertThat(keys).anyMatch(k -> k.startsWith("it:admin-full:partner:{hd:")).noneMatch(k -> k.contains(apiKey));
        }
        ClientHttp page = new AdminCalls("GET", "api/throttled/buckets/partner", null).send(base, "alice", "alice-it");
        assertThat(page.body()).contains("\"hd:").doesNotContain(apiKey);
        ClientHttp bucket = new AdminCalls("GET", "api/throttled/buckets/partner/h:" + apiKey, null).send(base, "alice", "alice-it");
        assertThat(bucket.status()).isEqualTo(200);
        assertThat(bucket.body()).contains("\"exists\":true", "\"remaining\":4").doesNotContain(apiKey);
    }

    @Test
    void anOperatorsOverrideHoldsAndAnswersThePolicyAsJson() {
        AdminCalls put = new AdminCalls("PUT", "api/throttled/policies/orders", "{\"rate\":\"5/1m\"}");
        ClientHttp changed = put.send(base, "alice", "alice-it");
        try {
            assertThat(changed.status()).isEqualTo(200);
            assertThat(changed.body()).contains("\"name\":\"orders\"", "\"rate\":\"5/1m\"", "\"overridden\":true");
        } finally {
            new AdminCalls("DELETE", "api/throttled/policies/orders", null).send(base, "alice", "alice-it");
        }
    }
}
