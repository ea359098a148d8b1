package io.throttled.bench;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/** GET requests over one keep-alive connection, a {@link Paced.Caller} each: the HTTP side of the steady-load runs. */
final class PacedHttp implements Paced.Caller {
    private final URI url;
    private final byte[] request;
    private Socket socket;
    private OutputStream out;
    private InputStream in;

    PacedHttp(URI url) {
        this.url = url;
        this.request = ("GET " + url.getRawPath() + " HTTP/1.1\r\nHost: " + url.getHost() + ":" + url.getPort()
                + "\r\nAccept: application/json\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    public void call() throws IOException {
        if (socket == null) {
            socket = new Socket(url.getHost(), url.getPort());
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(10_000);
            out = socket.getOutputStream();
            in = new BufferedInputStream(socket.getInputStream());
        }
        out.write(request);
        out.flush();
        int status = readResponse(in);
        if (status != 200) {
            throw new IllegalStateException(url + " answered " + status);
        }
    }

    @Override
    public void close() throws IOException {
        if (socket != null) {
            socket.close();
        }
    }

    /** Reads one response with a Content-Length body (what the sample sends) and returns its status. */
    static int readResponse(InputStream in) throws IOException {
        String status = line(in);
        long length = -1;
        for (String header = line(in); !header.isEmpty(); header = line(in)) {
            int colon = header.indexOf(':');
            if (colon > 0 && header.substring(0, colon).trim().equalsIgnoreCase("Content-Length")) {
                length = Long.parseLong(header.substring(colon + 1).trim());
            }
        }
        if (length < 0) {
            throw new IOException("no Content-Length in the response: " + status);
        }
        for (long skipped = 0; skipped < length; ) {
            long n = in.skip(length - skipped);
            if (n <= 0) {
                if (in.read() < 0) {
                    throw new IOException("connection closed in the body");
                }
                n = 1;
            }
            skipped += n;
        }
        String[] parts = status.split(" ");
        if (parts.length < 2) {
            throw new IOException("not an HTTP status line: " + status);
        }
        return Integer.parseInt(parts[1]);
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("connection closed");
            }
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
    }
}
