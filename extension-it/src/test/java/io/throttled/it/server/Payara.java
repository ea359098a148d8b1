package io.throttled.it.server;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Payara Server: one domain under {@code payara.home}, as the payara profile unpacks it. */
final class Payara implements TestServer {
    static final Payara INSTANCE = new Payara();
    private static final String ONE_SERVER = "the payara profile starts one domain; the scenario needs a second"
            + " server configured differently";

    private Payara() {
    }

    @Override
    public String name() {
        return "Payara Server";
    }

    @Override
    public ServerLog log() {
        return container -> home().resolve("glassfish/domains/domain1/logs/server.log");
    }

    @Override
    public ServerJvm jvm() {
        return new ServerJvm() {
            @Override
            public ServerProcess process(String container) {
                String domain = home().resolve("glassfish/domains/domain1").toAbsolutePath().normalize().toString();
                return ServerProcess.matching(args -> args.stream().anyMatch(a -> a.contains(domain)),
                        "Payara's domain1 under " + domain);
            }

            @Override
            public List<String> applicationLoaderTypes() {
                return List.of("org.glassfish.web.loader.WebappClassLoader");
            }
        };
    }

    @Override
    public ContainerLogin login() {
        return war -> war;
    }

    @Override
    public Map<Scenario, String> missing() {
        return Map.of(
                Scenario.MINIMAL_SERVER, ONE_SERVER,
                Scenario.SERVER_WITHOUT_MP_CONFIG, ONE_SERVER,
                Scenario.SERVER_WITHOUT_AUTHENTICATION, ONE_SERVER,
                Scenario.MP_TELEMETRY, "not configured for Payara yet",
                Scenario.MP_JWT, "the suite's JWT issuer and key are configured for Liberty's mpJwt only");
    }

    private static Path home() {
        return Path.of(System.getProperty("payara.home"));
    }
}
