package io.throttled.sample;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Makes sure the demo has a Redis: when nothing answers at the configured {@code throttled.redis.url} and
 * that URL is on this machine, starts an embedded Redis on its port, and says so on the console. Set
 * {@code demo.embedded-redis=false} to turn this off.
 */
@ApplicationScoped
public class DemoRedis {
    private EmbeddedRedis embedded;

    void onStart(@Observes @Initialized(ApplicationScoped.class) Object started) {
        Config config = ConfigProvider.getConfig();
        if (!config.getOptionalValue("demo.embedded-redis", Boolean.class).orElse(true)) {
            return;
        }
        Optional<String> url = config.getOptionalValue("throttled.redis.url", String.class);
        if (url.isEmpty()) {
            say("throttled demo: no throttled.redis.url; the limiter decides in this JVM only");
            return;
        }
        URI uri = URI.create(url.get());
        String host = uri.getHost() == null ? "localhost" : uri.getHost();
        int port = uri.getPort() < 0 ? 6379 : uri.getPort();
        if (answers(host, port)) {
            say("throttled demo: using the Redis at " + host + ":" + port);
        } else if (!isLocal(host) || uri.getScheme().equalsIgnoreCase("rediss")) {
            say("throttled demo: no Redis answers at " + host + ":" + port + " and it is not a plain local one;"
                    + " not starting an embedded Redis");
        } else {
            embedded = EmbeddedRedis.start(port);
            say("throttled demo: no Redis answered at " + host + ":" + port + ", so an embedded Redis ("
                    + embedded.describe() + ") now serves the demo there; it stops with the application");
        }
    }

    @PreDestroy
    void stop() {
        if (embedded != null) {
            embedded.stop();
        }
    }

    /** Whether anything speaking RESP listens there (an error such as NOAUTH counts as an answer). */
    static boolean answers(String host, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 300);
            socket.setSoTimeout(500);
            OutputStream out = socket.getOutputStream();
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            int first = in.read();
            return first == '+' || first == '-';
        } catch (IOException e) {
            return false;
        }
    }

    static boolean isLocal(String host) {
        return host.equals("localhost") || host.equals("127.0.0.1") || host.equals("::1") || host.equals("[::1]");
    }

    /** Console lines go to the server's console.log and to the terminal of {@code liberty:run}. */
    private static void say(String line) {
        System.out.println(line);
    }
}
