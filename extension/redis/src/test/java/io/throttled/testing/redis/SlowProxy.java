package io.throttled.testing.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP proxy in front of a Redis that can be made slow: every chunk of bytes, either way, waits
 * {@link #delayMillis(long)} before it is passed on. Slows every command evenly, which a server-side sleep
 * cannot do.
 */
public final class SlowProxy implements AutoCloseable {
    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private volatile long delayMillis;
    private volatile boolean open = true;

    private SlowProxy(InetSocketAddress target) throws IOException {
        this.target = target;
        this.listener = new ServerSocket(0, 200, java.net.InetAddress.getLoopbackAddress());
        Thread accept = new Thread(this::acceptLoop, "slow-proxy-accept");
        accept.setDaemon(true);
        accept.start();
    }

    public static SlowProxy to(RedisProcess redis) {
        try {
            return new SlowProxy(new InetSocketAddress("127.0.0.1", redis.port()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public int port() {
        return listener.getLocalPort();
    }

    public String url() {
        return "redis://127.0.0.1:" + port();
    }

    public void delayMillis(long value) {
        this.delayMillis = value;
    }

    private void acceptLoop() {
        while (open) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket();
                server.connect(target, 1000);
                sockets.add(client);
                sockets.add(server);
                pump(client, server);
                pump(server, client);
            } catch (IOException e) {
                if (!open) {
                    return;
                }
            }
        }
    }

    private void pump(Socket from, Socket to) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[16 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    long delay = delayMillis;
                    if (delay > 0) {
                        Thread.sleep(delay);   // the slowness the proxy exists for, not a wait for anything
                    }
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException | InterruptedException e) {
                // the other side closed, or the proxy did
            } finally {
                close(from);
                close(to);
            }
        }, "slow-proxy-pump");
        t.setDaemon(true);
        t.start();
    }

    private void close(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        sockets.remove(socket);
    }

    @Override
    public void close() {
        open = false;
        try {
            listener.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        sockets.forEach(this::close);
    }
}
