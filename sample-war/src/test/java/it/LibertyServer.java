package it;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.awaitility.core.ConditionTimeoutException;

/**
 * One Open Liberty server of the sample, started by the tests from the runtime the Liberty Maven plugin
 * installed ({@code target/liberty/wlp}), with the environment the tests choose: ports, Redis URL.
 */
public final class LibertyServer implements AutoCloseable {
    private static final Path WLP = Path.of(System.getProperty("wlp.install.dir", "target/liberty/wlp"));
    private static final String TEMPLATE = System.getProperty("liberty.server", "throttled-sample");
    /** The feature manager's errors: a feature missing or in conflict (then Liberty may start without it). */
    private static final Pattern FEATURE_ERROR = Pattern.compile("CWWKF\\d{4}E");

    private final String name;
    private final int httpPort;
    private final int httpsPort;
    private final Map<String, String> environment;

    private LibertyServer(String name, Map<String, String> environment) {
        this.name = name;
        this.httpPort = freePort();
        this.httpsPort = freePort();
        this.environment = environment;
    }

    /**
     * The name of the sample's server the plugin prepared: {@code throttled-sample}, or the MicroProfile 7.1
     * leg's (system property {@code liberty.server}).
     */
    public static String sampleServerName() {
        return TEMPLATE;
    }

    /**
     * Starts the sample's server (or, for another name, a copy of it) and waits until the application
     * has started.
     */
    public static LibertyServer start(String name, Map<String, String> environment) {
        if (!Files.isDirectory(WLP.resolve("usr/servers").resolve(TEMPLATE))) {
            throw new IllegalStateException("no Liberty server at " + WLP.resolve("usr/servers").resolve(TEMPLATE)
                    + "; run the tests through Maven (mvn verify), which installs it in pre-integration-test");
        }
        if (!name.equals(TEMPLATE)) {
            copyServer(TEMPLATE, name);
        }
        LibertyServer server = new LibertyServer(name, environment);
        try {
            server.launch();
        } catch (RuntimeException e) {
            server.close();   // a server that started without its application or features still runs
            throw e;
        }
        return server;
    }

    private void launch() {
        run(List.of("stop", name), Duration.ofSeconds(60), false);   // a server left over from an aborted run
        Path log = serverDir().resolve("logs/messages.log");
        try {
            Files.deleteIfExists(log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        run(List.of("start", name), Duration.ofSeconds(180), true);
        awaitApplication(log, Duration.ofSeconds(180));
    }

    private void awaitApplication(Path log, Duration timeout) {
        try {
            await().atMost(timeout).pollInterval(Duration.ofMillis(250)).until(() -> {
                String text = read(log);
                if (FEATURE_ERROR.matcher(text).find()) {
                    throw new IllegalStateException("features did not resolve on " + name + ":\n" + tail(text));
                }
                if (text.contains("CWWKZ0002E") || text.contains("CWWKZ0004E")) {
                    throw new IllegalStateException("the application failed to start on " + name + ":\n" + tail(text));
                }
                return text.contains("CWWKZ0001I") && text.contains("CWWKF0011I");   // the application, then the server
            });
        } catch (ConditionTimeoutException e) {
            throw new IllegalStateException("the application did not start on " + name + " within " + timeout + ":\n"
                    + tail(read(log)), e);
        }
    }

    public String baseUrl() {
        return "http://localhost:" + httpPort;
    }

    public String httpsUrl() {
        return "https://localhost:" + httpsPort;
    }

    /** {@return the server's process id, from the file Liberty writes when it starts} */
    public long pid() {
        Path file = WLP.resolve("usr/servers/.pid").resolve(name + ".pid");
        try {
            return Long.parseLong(Files.readString(file).trim());
        } catch (IOException e) {
            throw new UncheckedIOException("no pid file for server " + name + " at " + file, e);
        }
    }

    public Path serverDir() {
        return WLP.resolve("usr/servers").resolve(name);
    }

    /** The server's messages.log so far. */
    public String messages() {
        return read(serverDir().resolve("logs/messages.log"));
    }

    @Override
    public void close() {
        run(List.of("stop", name), Duration.ofSeconds(120), false);
    }

    private void run(List<String> args, Duration timeout, boolean mustSucceed) {
        List<String> command = new ArrayList<>();
        command.add(WLP.resolve("bin/server").toString());
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        builder.environment().put("HTTP_PORT", Integer.toString(httpPort));
        builder.environment().put("HTTPS_PORT", Integer.toString(httpsPort));
        try {
            Process process = builder.start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            boolean done = process.waitFor(timeout.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
            if (mustSucceed && (!done || process.exitValue() != 0)) {
                throw new IllegalStateException("server " + String.join(" ", args) + " failed:\n" + output + "\n"
                        + tail(messages()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void copyServer(String from, String to) {
        Path source = WLP.resolve("usr/servers").resolve(from);
        Path target = WLP.resolve("usr/servers").resolve(to);
        try (Stream<Path> old = Files.exists(target) ? Files.walk(target) : Stream.empty()) {
            old.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (Stream<Path> files = Files.walk(source)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Path relative = source.relativize(file);
                if (relative.startsWith("logs") || relative.startsWith("workarea")) {
                    continue;
                }
                Path copy = target.resolve(relative);
                if (Files.isDirectory(file)) {
                    Files.createDirectories(copy);
                } else {
                    Files.copy(file, copy);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static String tail(String text) {
        String[] lines = text.split("\n");
        return String.join("\n", java.util.Arrays.copyOfRange(lines, Math.max(0, lines.length - 40), lines.length));
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
