package io.throttled.it.features;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.it.server.DeploymentFailures;
import io.throttled.it.server.Requires;
import io.throttled.it.server.Scenario;
import io.throttled.it.Deployments;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * On a server without MicroProfile Config an application with the extension does not deploy, and the one
 * message says which API is missing and which Liberty feature brings it.
 */
@Requires(Scenario.SERVER_WITHOUT_MP_CONFIG)
@RunAsClient
@ExtendWith(ArquillianExtension.class)
class NoMicroProfileConfigTest {

    @Deployment(name = "no-mp-config", managed = false, testable = false)
    @TargetsContainer("noconfig")
    static WebArchive deployment() {
        return Deployments.war("no-mp-config").addClasses(MinimalApplication.class, MinimalResource.class, MinimalBean.class);
    }

    @ArquillianResource
    Deployer deployer;

    @Test
    void deploymentFailsNamingTheMissingFeature() {
        assertThat(DeploymentFailures.of(deployer, "no-mp-config", "noconfig"))
                .contains("the MicroProfile Config 3.x API (org.eclipse.microprofile.config.ConfigProvider) is not visible",
                        "<feature>mpConfig-3.1</feature>");
    }
}
