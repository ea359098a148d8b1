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

/** Two annotations declaring one policy differently stop the deployment, naming both methods and values. */
@RunAsClient
@ExtendWith(ArquillianExtension.class)
class ConflictingDeclarationTest {
    private static final String BEAN = "io.throttled.it.validation.ConflictingDeclarationBean";

    @Deployment(name = "conflicting-declaration", managed = false)
    static WebArchive deployment() {
        return Deployments.war("conflicting-declaration").addClasses(ConflictingDeclarationBean.class);
    }

    @ArquillianResource
    Deployer deployer;

    @Test
    void deploymentFailsNamingWhatIsWrong() {
        assertThat(DeploymentFailures.of(deployer, "conflicting-declaration"))
                .contains("policy 'shared' is declared differently by " + BEAN + "#",
                        "(rate=10/1s)", "(rate=5/1s)");
    }
}
