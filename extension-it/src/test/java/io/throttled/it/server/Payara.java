package io.throttled.it.server;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jboss.shrinkwrap.api.asset.StringAsset;

/**
 * Payara Server: one domain ({@code payara.domain}) of the installation under {@code payara.home}, as the payara
 * profile unpacks and creates it, with the suite's users in its file realm.
 */
final class Payara implements TestServer {
    static final Payara INSTANCE = new Payara();
    private static final String ONE_SERVER = "the payara profile starts one domain; the minimal feature set is a"
            + " second server's";

    private Payara() {
    }

    @Override
    public String name() {
        return "Payara Server";
    }

    @Override
    public ServerLog log() {
        // Payara's ODL format puts a record's level and logger on one line, its message on the next ones, closed
        // by "]]": a record is read as one line, as Liberty and WildFly write it
        return new ServerLog() {
            @Override
            public Path file(String container) {
                return domain().resolve("logs/server.log");
            }

            @Override
            public List<String> lines(String container) {
                List<String> records = new ArrayList<>();
                StringBuilder record = null;
                for (String line : ServerLog.super.lines(container)) {
                    if (record == null) {
                        record = new StringBuilder(line);
                    } else {
                        record.append(' ').append(line.strip());
                    }
                    if (line.endsWith("]]") || !line.startsWith("[") && record.length() == line.length()) {
                        records.add(record.toString());
                        record = null;
                    }
                }
                if (record != null) {
                    records.add(record.toString());
                }
                return records;
            }
        };
    }

    @Override
    public ServerJvm jvm() {
        return new ServerJvm() {
            @Override
            public ServerProcess process(String container) {
                // the DAS runs com.sun.enterprise.glassfish.bootstrap.ASMain ... -domaindir <domain> ...
                String domain = domain().toAbsolutePath().normalize().toString();
                return ServerProcess.matching(args -> args.contains("-domaindir") && args.contains(domain),
                        "Payara's domain " + domain);
            }

            @Override
            public List<String> applicationLoaderTypes() {
                return List.of("org.glassfish.web.loader.WebappClassLoader");
            }

            @Override
            public List<String> poolThreadPrefixes() {
                // the pools that serve deploy commands: with them the server had 3 to 8 threads more after the
                // redeploy test's 20 deployments in four runs (Executor-Service-14 to -20 in one), Hazelcast's cached
                // threads up to 2 of them
                return List.of("Executor-Service-", "GF Domain XML", "Job Cleanup Service", "admin-thread-pool::",
                        "hz.");
            }
        };
    }

    @Override
    public ContainerLogin login() {
        // BASIC against the file realm (the profile's create-file-user; a group is a role by the domain's default
        // principal-to-role mapping). GlassFish's web container authenticates only requests a security constraint
        // covers (no proactive authentication as on WildFly, none of Liberty's on every request), so the admin API's
        // path is constrained to its role (any authenticated caller, role "**", was refused there: 403 for alice).
        // Elsewhere callers stay anonymous, as tests of anonymous callers need; request.login() uses this realm too.
        return war -> war.addAsWebInfResource(new StringAsset("""
                <?xml version="1.0" encoding="UTF-8"?>
                <web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.0">
                    <security-constraint>
                        <web-resource-collection>
                            <web-resource-name>throttled admin API</web-resource-name>
                            <url-pattern>/api/throttled/*</url-pattern>
                        </web-resource-collection>
                        <auth-constraint>
                            <role-name>throttled-admin</role-name>
                        </auth-constraint>
                    </security-constraint>
                    <security-role>
                        <role-name>throttled-admin</role-name>
                    </security-role>
                    <login-config>
                        <auth-method>BASIC</auth-method>
                        <realm-name>file</realm-name>
                    </login-config>
                </web-app>
                """), "web.xml");
    }

    @Override
    public Map<Scenario, String> missing() {
        return Map.of(
                Scenario.SAMPLE_APPLICATION, "the sample is built and configured for Open Liberty (its server.xml);"
                        + " the micro-deployment's redeploy test runs here",
                Scenario.MINIMAL_SERVER, ONE_SERVER,
                Scenario.SERVER_WITHOUT_MP_CONFIG, "MicroProfile Config is built into Payara",
                Scenario.UNANNOTATED_RESOURCES_ARE_BEANS, "Jersey on Payara makes a resource class a CDI bean only"
                        + " when it has a bean-defining annotation (the same waits run on a @RequestScoped resource)",
                Scenario.SERVER_WITHOUT_AUTHENTICATION, "Jakarta Security is built into Payara",
                Scenario.MP_TELEMETRY, "the scenario's recording exporters are wired through Liberty's mpTelemetry;"
                        + " Payara's MicroProfile Telemetry is not configured by the suite",
                Scenario.MP_JWT, "the scenario needs a server of its own (MP-JWT as every application's"
                        + " authentication), and the payara profile starts one domain");
    }

    private static Path domain() {
        return Path.of(System.getProperty("payara.home"), "glassfish/domains", System.getProperty("payara.domain"));
    }
}
