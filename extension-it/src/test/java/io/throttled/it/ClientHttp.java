package io.throttled.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/** One HTTP GET from the test client, with everything a test looks at: status, its reason, headers, body. */
public record ClientHttp(int status, String reason, Map<String, List<String>> headers, String body) {

    public static ClientHttp get(URL url) {
        return send("GET", url, Map.of(), null);
    }

    /** A GET with these request headers. */
    public static ClientHttp get(URL base, String path, Map<String, String> headers) {
        return send("GET", resolve(base, path), headers, null);
    }

    /** A request with these headers and, unless null, this body. */
    public static ClientHttp send(String method, URL url, Map<String, String> headers, String body) {
        try {
            HttpURLConnection connection = (HttpURLConnection) url.openConnection();
            connection.setRequestMethod(method);
            headers.forEach(connection::setRequestProperty);
            if (body != null) {
                connection.setDoOutput(true);
                connection.getOutputStream().write(body.getBytes(StandardCharsets.UTF_8));
            }
            connection.setConnectTimeout(10_000);
            connection.setReadTimeout(30_000);
            int status = connection.getResponseCode();
            InputStream in = status >= 400 ? connection.getErrorStream() : connection.getInputStream();
            String answer = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new ClientHttp(status, connection.getResponseMessage(), connection.getHeaderFields(), answer);
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + url, e);
        }
    }

    public static ClientHttp get(URL base, String path) {
        return get(resolve(base, path));
    }

    public static URL resolve(URL base, String path) {
        try {
            return new URL(base, path);
        } catch (java.net.MalformedURLException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** The first value of a header (names are case-insensitive), or null. */
    public String header(String name) {
        return headers.entrySet().stream().filter(e -> e.getKey() != null && e.getKey().equalsIgnoreCase(name))
                .map(e -> e.getValue().get(0)).findFirst().orElse(null);
    }
}
