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

/** A misspelt {@code throttled.policy.*} key stops the deployment instead of being ignored. */
@RunAsClient
@ExtendWith(ArquillianExtension.class)
class InvalidConfigKeyTest {
    @Deployment(name = "invalid-config-key", managed = false)
    static WebArchive deployment() {
        return Deployments.war("invalid-config-key", "throttled.policy.spelt.rat=5/1s").addClasses(InvalidConfigKeyBean.class);
    }

    @ArquillianResource
    Deployer deployer;

    @Test
    void deploymentFailsNamingWhatIsWrong() {
        assertThat(DeploymentFailures.of(deployer, "invalid-config-key"))
                .contains("unknown setting throttled.policy.spelt.rat",
                        "field one of algorithm, rate, burst, refill, key, cost, enforce");
    }
}
