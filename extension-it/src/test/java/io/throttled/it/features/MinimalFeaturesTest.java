package io.throttled.it.features;

import io.throttled.it.server.Requires;
import io.throttled.it.server.Scenario;
import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.it.ClientHttp;
import io.throttled.it.Deployments;
import java.net.URL;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An application on exactly the features the README names as the minimum (restfulWS-3.1, cdi-4.0,
 * servlet-6.0, mpConfig-3.1): it deploys, and both a throttled resource method and a throttled CDI bean
 * called from a resource limit on Redis.
 */
@Requires(Scenario.MINIMAL_SERVER)
@RunAsClient
@ExtendWith(ArquillianExtension.class)
class MinimalFeaturesTest {

    @Deployment(testable = false)
    @TargetsContainer("minimal")
    static WebArchive deployment() {
        return Deployments.war("minimal-features")
                .addClasses(MinimalApplication.class, MinimalResource.class, MinimalBean.class);
    }

    @ArquillianResource
    URL base;

    @Test
    void resourceMethodIsLimited() {
        assertLimitedAfterTwo("api/minimal/resource");
    }

    @Test
    void beanCalledFromAResourceIsLimited() {
        assertLimitedAfterTwo("api/minimal/bean");
    }

    private void assertLimitedAfterTwo(String path) {
        assertThat(ClientHttp.get(base, path).status()).isEqualTo(200);
        assertThat(ClientHttp.get(base, path).status()).isEqualTo(200);
        ClientHttp denied = ClientHttp.get(base, path);
        assertThat(denied.status()).isEqualTo(429);
        assertThat(denied.reason()).isEqualTo("Too Many Requests");
        assertThat(denied.header("Retry-After")).isNotBlank();
    }
}
