package io.throttled.testing.redis;

import static org.awaitility.Awaitility.await;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.awaitility.core.ConditionTimeoutException;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisProtocol;

/**
 * A {@code redis-server} process (a server, or a Sentinel: {@code --sentinel}) on a free loopback port, in a
 * temporary folder; the binary is {@link RedisBinaries}' choice. Stopped by PID on {@link #close()}, and by a
 * shutdown hook if a test run dies first.
 */
public final class RedisProcess implements AutoCloseable {
    private static final Set<RedisProcess> RUNNING = ConcurrentHashMap.newKeySet();
    private static boolean announced;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> RUNNING.forEach(RedisProcess::kill),
                "stop-test-redis"));
    }

    private final String binary;
    private final List<String> extraArgs;
    private final Path folder;
    private final int port;
    private List<String> sentinelConfig;
    private Process process;

    private RedisProcess(String binary, int port, List<String> extraArgs) {
        this.binary = binary;
        this.port = port;
        this.extraArgs = List.copyOf(extraArgs);
        try {
            this.folder = Files.createTempDirectory("throttled-redis-" + port + "-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Starts a standalone server with these extra {@code redis-server} arguments; {@code {port}} in an
     * argument stands for the port chosen (e.g. {@code "--port", "0", "--tls-port", "{port}"}).
     */
    public static RedisProcess start(String... extraArgs) {
        return startBinary(List.of(extraArgs), null);
    }

    /** Starts a Sentinel with a config file holding these lines (port, dir and log are added). */
    public static RedisProcess sentinel(List<String> configLines) {
        return startBinary(List.of(), configLines);
    }

    private static RedisProcess startBinary(List<String> extraArgs, List<String> sentinelConfig) {
        String binary = RedisBinaries.server().getAbsolutePath();
        announce();
        RuntimeException last = null;
        for (int attempt = 0; attempt < 5; attempt++) {
            RedisProcess redis = new RedisProcess(binary, freePort(), extraArgs);
            try {
                redis.launch(sentinelConfig);
                return redis;
            } catch (RuntimeException e) {
                last = e;   // most likely the port was taken between probing and binding: try another
                redis.close();
            }
        }
        throw last;
    }

    private void launch(List<String> sentinelLines) {
        this.sentinelConfig = sentinelLines;
        List<String> command = new ArrayList<>();
        command.add(binary);
        if (sentinelConfig != null) {
            Path config = folder.resolve("sentinel.conf");
            List<String> lines = new ArrayList<>(List.of("port " + port, "bind 127.0.0.1",
                    "dir " + folder, "logfile " + folder.resolve("redis.log")));
            lines.addAll(sentinelConfig);
            write(config, lines);
            command.add(config.toString());
            command.add("--sentinel");
        } else {
            command.addAll(Arrays.asList("--port", Integer.toString(port), "--bind", "127.0.0.1",
                    "--save", "", "--appendonly", "no", "--dir", folder.toString(),
                    "--logfile", folder.resolve("redis.log").toString(), "--daemonize", "no",
                    "--protected-mode", "no"));
        }
        extraArgs.forEach(arg -> command.add(arg.replace("{port}", Integer.toString(port))));
        try {
            process = new ProcessBuilder(command).directory(folder.toFile())
                    .redirectOutput(folder.resolve("stdout.log").toFile())
                    .redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
        RUNNING.add(this);
        awaitReady(Duration.ofSeconds(15));
    }

    /** Names the Redis of this run once, in the test output: a run may be on the system's Redis or on 6.2. */
    private static synchronized void announce() {
        if (!announced) {
            announced = true;
            System.out.println("throttled tests: starting " + RedisBinaries.describe());
        }
    }

    /** Plain servers must answer PING; a TLS-only server must have logged that it is ready. */
    private void awaitReady(Duration timeout) {
        boolean tlsOnly = extraArgs.contains("--tls-port");
        try {
            await().atMost(timeout).pollInterval(Duration.ofMillis(20)).until(() -> {
                if (!process.isAlive()) {
                    throw new IllegalStateException(binary + " on port " + port + " exited: " + log());
                }
                return tlsOnly ? log().contains("Ready to accept connections") : answersPing();
            });
        } catch (ConditionTimeoutException e) {
            throw new IllegalStateException(binary + " on port " + port + " did not answer PING within "
                    + timeout + ": " + log(), e);
        }
    }

    private boolean answersPing() {
        try (Jedis jedis = new Jedis(hostAndPort(), DefaultJedisClientConfig.builder().socketTimeoutMillis(1000)
                .connectionTimeoutMillis(200).protocol(RedisProtocol.RESP2).build())) {
            return "PONG".equals(jedis.ping());
        } catch (redis.clients.jedis.exceptions.JedisDataException e) {
            return true;   // an error reply (NOAUTH with requirepass) is an answer too
        } catch (RuntimeException notYet) {
            return false;
        }
    }

    public int port() {
        return port;
    }

    public long pid() {
        return process.pid();
    }

    public HostAndPort hostAndPort() {
        return new HostAndPort("127.0.0.1", port);
    }

    public String url() {
        return "redis://127.0.0.1:" + port;
    }

    public Path folder() {
        return folder;
    }

    /** A plain connection for test set-up and inspection. */
    public Jedis jedis() {
        return new Jedis(hostAndPort(), DefaultJedisClientConfig.builder().protocol(RedisProtocol.RESP2).build());
    }

    public boolean isAlive() {
        return process != null && process.isAlive();
    }

    /** Freezes the process (SIGSTOP): it keeps its port but answers nothing. */
    public void suspend() {
        signal("STOP");
    }

    /** Thaws a suspended process (SIGCONT). */
    public void resume() {
        signal("CONT");
    }

    /** Stops the process and starts it again on the same port (empty, since nothing is saved). */
    public void restart() {
        stopProcess(false);
        launch(sentinelConfig);
    }

    /** Kills the process at once (SIGKILL), like a crash. */
    public void kill() {
        stopProcess(true);
    }

    private void signal(String name) {
        Command.Result kill = Command.run(List.of("kill", "-" + name, Long.toString(pid())));
        if (kill.exitCode() != 0) {
            throw new IllegalStateException("kill -" + name + " " + pid() + " failed: " + kill.output());
        }
    }

    private void stopProcess(boolean force) {
        if (process == null) {
            return;
        }
        ProcessHandle handle = process.toHandle();
        if (force) {
            handle.destroyForcibly();
        } else {
            handle.destroy();
        }
        try {
            if (!process.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
                handle.destroyForcibly();
                process.waitFor(5, java.util.concurrent.TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        stopProcess(false);
        RUNNING.remove(this);
        deleteFolder();
    }

    private void deleteFolder() {
        try (Stream<Path> files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        } catch (IOException ignored) {
            // a temp folder left behind is harmless
        }
    }

    /** The end of the server's log, for error messages. */
    public String log() {
        try {
            Path log = folder.resolve("redis.log");
            if (!Files.exists(log)) {
                log = folder.resolve("stdout.log");
            }
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static void write(Path file, List<String> lines) {
        try {
            Files.write(file, lines);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
