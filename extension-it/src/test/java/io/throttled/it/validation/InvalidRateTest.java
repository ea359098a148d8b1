package io.throttled.it.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.it.DeploymentFailures;
import io.throttled.it.Deployments;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A malformed rate stops the deployment; the message names the method, the field and the value. */
@RunAsClient
@ExtendWith(ArquillianExtension.class)
class InvalidRateTest {
    private static final String BEAN = "io.throttled.it.validation.InvalidRateBean";

    @Deployment(name = "invalid-rate", managed = false)
    static WebArchive deployment() {
        return Deployments.war("invalid-rate").addClasses(InvalidRateBean.class);
    }

    @ArquillianResource
    Deployer deployer;

    @Test
    void deploymentFailsNamingWhatIsWrong() {
        assertThat(DeploymentFailures.of(deployer, "invalid-rate"))
                .contains("@Throttled on " + BEAN + "#call", "policy 'bad-rate'", "rate '10/1x'",
                        "unknown time unit 'x'");
    }
}
