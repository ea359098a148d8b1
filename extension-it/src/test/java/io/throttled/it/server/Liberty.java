package io.throttled.it.server;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Open Liberty: five servers (one per container qualifier) under {@code wlp.home}, as the liberty profile makes them. */
final class Liberty implements TestServer {
    static final Liberty INSTANCE = new Liberty();
    private static final Map<String, String> SERVERS = Map.of("full", "throttledFull", "minimal", "throttledMinimal",
            "noconfig", "throttledNoConfig", "jwt", "throttledJwt", "telemetry", "throttledTelemetry");

    private Liberty() {
    }

    @Override
    public String name() {
        return "Open Liberty";
    }

    @Override
    public ServerLog log() {
        return container -> home().resolve("usr/servers").resolve(server(container)).resolve("logs/messages.log");
    }

    @Override
    public ServerJvm jvm() {
        return new ServerJvm() {
            @Override
            public ServerProcess process(String container) {
                String wlp = home().toAbsolutePath().normalize().toString();
                String server = server(container);
                return ServerProcess.matching(args -> args.contains(server) && args.stream().anyMatch(a -> a.contains(wlp)),
                        "server " + server + " under " + wlp);
            }

            @Override
            public List<String> applicationLoaderTypes() {
                // an application's classes, and the context loader of its threads
                return List.of("com.ibm.ws.classloading.internal.AppClassLoader",
                        "com.ibm.ws.classloading.internal.ThreadContextClassLoader");
            }
        };
    }

    @Override
    public ContainerLogin login() {
        return war -> war;   // appSecurity with the servers' basicRegistry authenticates every application
    }

    @Override
    public Map<Scenario, String> missing() {
        return Map.of();
    }

    private static String server(String container) {
        String server = SERVERS.get(container);
        if (server == null) {
            throw new IllegalArgumentException("no Liberty server for container '" + container + "': allowed: "
                    + SERVERS.keySet());
        }
        return server;
    }

    private static Path home() {
        return Path.of(System.getProperty("wlp.home"));
    }
}
