package io.throttled.it.resources;

import static org.assertj.core.api.Assertions.assertThat;

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
 * {@code @Throttled} on a JAX-RS resource method and on a whole resource class, seen from an HTTP client:
 * the rate-limit headers count down, and the call after the last token gets {@code 429 Too Many Requests}
 * with Retry-After and a problem+json body. Unannotated methods are never limited.
 */
@RunAsClient
@ExtendWith(ArquillianExtension.class)
class ResourceEntryPointsTest {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.war("resource-entry-points", "throttled.headers=ietf,legacy")
                .addClasses(ItApplication.class, ThrottledMethodResource.class, ThrottledClassResource.class);
    }

    @ArquillianResource
    URL base;

    @Test
    void resourceMethod() {
        for (int remaining = 1; remaining >= 0; remaining--) {
            ClientHttp ok = ClientHttp.get(base, "api/method");
            assertThat(ok.status()).isEqualTo(200);
            assertThat(ok.header("X-RateLimit-Remaining")).isEqualTo(Integer.toString(remaining));
            assertThat(ok.header("RateLimit")).startsWith("\"resource-method\";r=" + remaining + ";");
        }
        assertDenied(ClientHttp.get(base, "api/method"), "resource-method");
        for (int i = 0; i < 5; i++) {
            ClientHttp free = ClientHttp.get(base, "api/method/free");
            assertThat(free.status()).isEqualTo(200);
            assertThat(free.header("RateLimit")).isNull();
        }
    }

    @Test
    void wholeClassSharesOneBucket() {
        assertThat(ClientHttp.get(base, "api/class/a").header("X-RateLimit-Remaining")).isEqualTo("2");
        assertThat(ClientHttp.get(base, "api/class/b").header("X-RateLimit-Remaining")).isEqualTo("1");
        assertThat(ClientHttp.get(base, "api/class/a").header("X-RateLimit-Remaining")).isEqualTo("0");
        assertDenied(ClientHttp.get(base, "api/class/b"), "resource-class");
    }

    private static void assertDenied(ClientHttp denied, String policy) {
        assertThat(denied.status()).isEqualTo(429);
        assertThat(denied.reason()).isEqualTo("Too Many Requests");
        assertThat(Long.parseLong(denied.header("Retry-After"))).isPositive();
        assertThat(denied.header("Content-Type")).startsWith("application/problem+json");
        assertThat(denied.body()).contains("\"status\":429", "\"policy\":\"" + policy + "\"");
    }
}
