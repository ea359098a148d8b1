package io.throttled.it.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.it.ClientHttp;
import io.throttled.it.server.ServerLog;
import io.throttled.it.server.TestServer;
import java.net.URL;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.Test;

/**
 * On a server that authenticates nobody (no appSecurity) the application deploys, every admin method answers 401,
 * with or without credentials, nothing is changed or audited, and the log says once which feature to add. Run on
 * two feature sets: without JSON-B and with it.
 */
abstract class AdminWithoutAuthenticationTest {
    private static final String NAMES_THE_FEATURE = "add the appSecurity-5.0 feature";

    @ArquillianResource
    URL base;

    /** The container the subclass deploys to. */
    abstract String server();

    @Test
    void everyAdminMethodIsRefusedAndNothingChanges() {
        assertThat(ClientHttp.get(base, "api/orders").status()).isEqualTo(200);
        assertThat(ClientHttp.get(base, "api/orders").status()).isEqualTo(200);
        assertThat(ClientHttp.get(base, "api/orders").status()).isEqualTo(429);

        for (AdminCalls call : AdminCalls.ALL) {
            ClientHttp anonymous = call.send(base, null, null);
            assertThat(anonymous.status()).as("%s anonymous", call).isEqualTo(401);
            assertThat(anonymous.header("Content-Type")).as("%s anonymous", call).startsWith("application/problem+json");
            assertThat(call.send(base, "alice", "alice-it").status()).as("%s with credentials nobody checks", call)
                    .isEqualTo(401);
        }

        // neither the override (1000/1s) nor the resets took effect: the address is still denied
        assertThat(ClientHttp.get(base, "api/orders").status()).isEqualTo(429);
        ServerLog log = TestServer.current().log();
        assertThat(log.lines(server())).noneMatch(line -> line.contains("throttled audit:"));
        assertThat(log.lines(server()).stream().filter(line -> line.contains("this server has no container"
                + " authentication") && line.contains(NAMES_THE_FEATURE))).hasSize(1);
        assertThat(log.lines(server())).anyMatch(line -> line.contains("a call carried credentials, but the server"
                + " authenticated nobody") && line.contains(NAMES_THE_FEATURE));
    }
}
