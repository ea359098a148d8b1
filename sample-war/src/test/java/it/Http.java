package it;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.Base64;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/** Plain HTTP(S) calls for the tests; HTTPS trusts the test server's own generated certificate. */
final class Http {
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private static HttpClient tls;

    private Http() {
    }

    static HttpResponse<String> get(String url) {
        return send("GET", url, null, null, null);
    }

    static HttpResponse<String> get(String url, String user, String password) {
        return send("GET", url, null, user, password);
    }

    /** A call with an optional JSON body and optional Basic credentials. */
    static HttpResponse<String> send(String method, String url, String json, String user, String password) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8));
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        if (user != null) {
            request.header("Authorization", "Basic " + Base64.getEncoder()
                    .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
        }
        HttpClient client = url.startsWith("https:") ? tlsClient() : CLIENT;
        try {
            return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + url + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * One policy's item of a structured rate-limit header ({@code "ping";r=3;t=1} out of
     * {@code "api-per-ip";r=999;t=1, "ping";r=3;t=1}), or null when the header has none.
     */
    static String item(String header, String policy) {
        if (header == null) {
            return null;
        }
        for (String item : header.split(",\\s*")) {
            if (item.startsWith("\"" + policy + "\";")) {
                return item;
            }
        }
        return null;
    }

    static String header(HttpResponse<?> response, String name) {
        return response.headers().firstValue(name).orElse(null);
    }

    /** Trusts exactly the certificate the server generated in its keystore on first start. */
    private static synchronized HttpClient tlsClient() {
        if (tls == null) {
            Path keystore = Path.of(System.getProperty("wlp.install.dir", "target/liberty/wlp"),
                    "usr/servers", System.getProperty("liberty.server", "throttled-sample"), "resources/security/key.p12");
            try (InputStream in = Files.newInputStream(keystore)) {
                KeyStore store = KeyStore.getInstance("PKCS12");
                store.load(in, "throttled-demo-keystore".toCharArray());
                TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                trust.init(store);
                SSLContext context = SSLContext.getInstance("TLS");
                context.init(null, trust.getTrustManagers(), null);
                tls = HttpClient.newBuilder().sslContext(context).connectTimeout(Duration.ofSeconds(10)).build();
            } catch (IOException | GeneralSecurityException e) {
                throw new IllegalStateException("cannot trust the server's certificate in " + keystore, e);
            }
        }
        return tls;
    }
}
