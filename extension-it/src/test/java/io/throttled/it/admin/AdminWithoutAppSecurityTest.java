package io.throttled.it.admin;

import io.throttled.it.server.Requires;
import io.throttled.it.server.Scenario;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.extension.ExtendWith;

/** The README's minimal features: no appSecurity, no JSON-B. */
@Requires(Scenario.SERVER_WITHOUT_AUTHENTICATION)
@RunAsClient
@ExtendWith(ArquillianExtension.class)
class AdminWithoutAppSecurityTest extends AdminWithoutAuthenticationTest {

    @Deployment(testable = false)
    @TargetsContainer("minimal")
    static WebArchive deployment() {
        return AdminCalls.war("admin-minimal");
    }

    @Override
    String server() {
        return "minimal";
    }
}
