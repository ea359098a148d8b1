package io.throttled.it.admin;

import io.throttled.it.server.Requires;
import io.throttled.it.server.Scenario;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.extension.ExtendWith;

/** JSON-B on, appSecurity off (the telemetry server's features): still closed. */
@Requires(Scenario.SERVER_WITHOUT_AUTHENTICATION)
@RunAsClient
@ExtendWith(ArquillianExtension.class)
class AdminWithoutAppSecurityWithJsonbTest extends AdminWithoutAuthenticationTest {

    @Deployment(testable = false)
    @TargetsContainer("telemetry")
    static WebArchive deployment() {
        return AdminCalls.war("admin-jsonb");
    }

    @Override
    String server() {
        return "telemetry";
    }
}
