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

/** An unknown algorithm stops the deployment; the message names the method, the value and the algorithms allowed. */
@RunAsClient
@ExtendWith(ArquillianExtension.class)
class InvalidAlgorithmTest {
    private static final String BEAN = "io.throttled.it.validation.InvalidAlgorithmBean";

    @Deployment(name = "invalid-algorithm", managed = false)
    static WebArchive deployment() {
        return Deployments.war("invalid-algorithm").addClasses(InvalidAlgorithmBean.class);
    }

    @ArquillianResource
    Deployer deployer;

    @Test
    void deploymentFailsNamingWhatIsWrong() {
        assertThat(DeploymentFailures.of(deployer, "invalid-algorithm"))
                .contains("@Throttled on " + BEAN + "#call", "algorithm 'gcrax'",
                        "allowed: token-bucket, gcra, fixed-window");
    }
}
