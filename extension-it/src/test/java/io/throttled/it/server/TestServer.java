package io.throttled.it.server;

import java.util.Map;
import java.util.Optional;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The application server this run of the suite deploys to, chosen by the Maven profile that runs it (system property
 * {@code it.server}: {@code liberty}, {@code wildfly} or {@code payara}). Tests name containers by what they are for
 * ({@code full}, {@code minimal}, ...); each server says where their logs and processes are, what a WAR needs for its
 * users to log in, and which scenarios it cannot offer, and why.
 */
public interface TestServer {

    /** The server of this run. */
    static TestServer current() {
        String name = System.getProperty("it.server", "liberty");
        return switch (name) {
            case "liberty" -> Liberty.INSTANCE;
            case "wildfly" -> WildFly.INSTANCE;
            case "payara" -> Payara.INSTANCE;
            default -> throw new IllegalStateException("it.server '" + name + "': allowed: liberty, wildfly, payara");
        };
    }

    /** The server's name and version, for reports. */
    String name();

    ServerLog log();

    ServerJvm jvm();

    ContainerLogin login();

    /** The scenarios this server does not offer, each with the reason (a test that needs one is skipped, saying so). */
    Map<Scenario, String> missing();

    default Optional<String> lacks(Scenario scenario) {
        return Optional.ofNullable(missing().get(scenario));
    }

    /** The HTTP port of the {@code full} container, for tests that build URLs without Arquillian's help. */
    default String httpPort() {
        return System.getProperty("it.full.http");
    }

    /** The test realm's users (alice an operator, bob not) for a WAR on this server: what it adds to the archive. */
    interface ContainerLogin {
        WebArchive enable(WebArchive war);
    }
}
