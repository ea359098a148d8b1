package io.throttled.it.quickstart;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.example.OrdersResource;
import io.throttled.it.ClientHttp;
import io.throttled.it.Deployments;
import java.net.URL;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The README's quick start as a user deploys it, on whichever server this run uses: its resource (the README's own
 * class, compiled from the text the README shows), an application path, the Redis URL. Calls beyond 10 a second are
 * answered {@code 429 Too Many Requests} with the README's headers and body.
 */
@RunAsClient
@ExtendWith(ArquillianExtension.class)
class QuickStartTest {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.war("quick-start").addClasses(QuickStartApplication.class, OrdersResource.class);
    }

    @ArquillianResource
    URL base;

    @Test
    void theEleventhCallWithinASecondIsRefused() {
        ClientHttp denied = null;
        int allowed = 0;
        // 10 a second: a machine too slow for 11 calls in one second sees the refusal a few calls later
        for (int call = 0; call < 60 && denied == null; call++) {
            ClientHttp response = ClientHttp.get(base, "api/orders");
            if (response.status() == 429) {
                denied = response;
            } else {
                assertThat(response.status()).isEqualTo(200);
                assertThat(response.body()).isEqualTo("[]");
                allowed++;
            }
        }
        assertThat(denied).as("a refusal within 60 calls").isNotNull();
        assertThat(allowed).isGreaterThanOrEqualTo(10);
        assertThat(denied.reason()).isEqualTo("Too Many Requests");
        assertThat(denied.header("Content-Type")).startsWith("application/problem+json");
        assertThat(denied.header("Retry-After")).isNotBlank();
        assertThat(denied.header("RateLimit-Policy")).isEqualTo("\"orders\";q=10;w=1");
        assertThat(denied.body()).contains("\"status\":429", "\"policy\":\"orders\"", "\"limit\":\"10/1s\"");
    }
}
