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

/** A {@code bean:} key source naming no {@code KeyResolver} bean stops the deployment. */
@RunAsClient
@ExtendWith(ArquillianExtension.class)
class InvalidKeyResolverTest {
    private static final String BEAN = "io.throttled.it.validation.InvalidKeyResolverBean";

    @Deployment(name = "invalid-key-resolver", managed = false)
    static WebArchive deployment() {
        return Deployments.war("invalid-key-resolver").addClasses(InvalidKeyResolverBean.class);
    }

    @ArquillianResource
    Deployer deployer;

    @Test
    void deploymentFailsNamingWhatIsWrong() {
        assertThat(DeploymentFailures.of(deployer, "invalid-key-resolver"))
                .contains("@Throttled on " + BEAN + "#call", "key 'bean:nobody' names no bean",
                        "@Named(\"nobody\")");
    }
}
