package io.throttled.it.server;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jboss.shrinkwrap.api.asset.StringAsset;

/**
 * WildFly: one standalone server ({@code standalone.xml}, which has EJB, MicroProfile Config and JWT) under
 * {@code jboss.home}, as the wildfly profile unpacks it, with the suite's users in its ApplicationRealm.
 */
final class WildFly implements TestServer {
    static final WildFly INSTANCE = new WildFly();

    private WildFly() {
    }

    @Override
    public String name() {
        return "WildFly";
    }

    @Override
    public ServerLog log() {
        return container -> home().resolve("standalone/log/server.log");
    }

    @Override
    public ServerJvm jvm() {
        return new ServerJvm() {
            @Override
            public ServerProcess process(String container) {
                String home = home().toAbsolutePath().normalize().toString();
                return ServerProcess.matching(args -> args.stream().anyMatch(a -> a.equals("-Djboss.home.dir=" + home)),
                        "WildFly under " + home);
            }

            @Override
            public List<String> applicationLoaderTypes() {
                return List.of("org.jboss.modules.ModuleClassLoader");
            }
        };
    }

    @Override
    public ContainerLogin login() {
        // Undertow authenticates only an application that asks for a mechanism; BASIC against the ApplicationRealm,
        // whose application-users.properties the profile fills. Proactive authentication (WildFly's default) then
        // authenticates credentials on every request, constrained or not.
        return war -> war.addAsWebInfResource(new StringAsset("""
                <?xml version="1.0" encoding="UTF-8"?>
                <web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.0">
                    <login-config>
                        <auth-method>BASIC</auth-method>
                        <realm-name>ApplicationRealm</realm-name>
                    </login-config>
                </web-app>
                """), "web.xml");
    }

    @Override
    public Map<Scenario, String> missing() {
        return Map.of(
                Scenario.SAMPLE_APPLICATION, "the sample is built and configured for Open Liberty (its server.xml);"
                        + " the micro-deployment's redeploy test runs here",
                Scenario.MINIMAL_SERVER, "the wildfly profile starts one server; the minimal feature set is a second"
                        + " server's",
                Scenario.SERVER_WITHOUT_MP_CONFIG, "MicroProfile Config is in every standalone configuration of WildFly",
                Scenario.SERVER_WITHOUT_AUTHENTICATION, "WildFly's ee-security subsystem (Jakarta Security) is in every"
                        + " standalone configuration",
                Scenario.MP_JWT, "the scenario needs a server of its own (MP-JWT as every application's"
                        + " authentication), and the wildfly profile starts one",
                Scenario.MP_TELEMETRY, "WildFly 39's configurations have no MicroProfile Metrics (Micrometer instead),"
                        + " and the scenario records both");
    }

    private static Path home() {
        return Path.of(System.getProperty("jboss.home"));
    }
}
