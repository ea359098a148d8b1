package it;

import static org.assertj.core.api.Assertions.assertThat;

import it.SampleServerExtension.SampleServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What the demo page and the operator console are served with: a strict Content-Security-Policy (nothing inline,
 * nothing from elsewhere, no framing), {@code nosniff} with the right types, no referrer; and no password in any
 * of their files (the demo page signs in with a form, as the console does). The sample's filter leaves the console's
 * paths alone: their headers here come from the admin-api jar itself, as in any application that ships it.
 */
@ExtendWith(SampleServerExtension.class)
class PageSecurityIT {
    /**
     * HTTP/1.1 as browsers speak it to a plain-HTTP server: the JDK's default offers an upgrade to h2c, which
     * Liberty leaves unanswered for a directory's welcome file ({@code /}, {@code /throttled-console/}).
     */
    private static final HttpClient HTTP_1_1 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "/,                                   text/html",
        "/demo.js,                            application/x-javascript",
        "/demo.css,                           text/css",
        "/webjars/uplot/1.6.30/dist/uPlot.iife.min.js, application/x-javascript",
        "/throttled-console/,                 text/html",
        "/throttled-console/console.js,       application/x-javascript",
        "/throttled-console/policies.js,      application/x-javascript",
        "/throttled-console/routes.js,        application/x-javascript",
        "/throttled-console/explain.js,       application/x-javascript",
        "/throttled-console/console.css,      text/css",
    })
    void servedWithAStrictContentSecurityPolicyAndNoPassword(String path, String type, SampleServer sample)
            throws IOException, InterruptedException {
        HttpResponse<String> r = HTTP_1_1.send(HttpRequest.newBuilder(URI.create(sample.url(path)))
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(r.statusCode()).isEqualTo(200);
        String csp = Http.header(r, "Content-Security-Policy");
        assertThat(csp).as("Content-Security-Policy").isNotNull()
                .contains("default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'",
                        "frame-ancestors 'none'", "base-uri 'none'", "form-action 'none'")
                .doesNotContain("unsafe", "*");
        assertThat(Http.header(r, "X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(Http.header(r, "Referrer-Policy")).isEqualTo("no-referrer");
        // nosniff: a script or style sheet served with a type that is not one would not run (Liberty's type for
        // .js is one of the JavaScript types browsers accept)
        assertThat(Http.header(r, "Content-Type")).startsWith(type);

        assertThat(r.body()).doesNotContain(SampleServer.USER_PASSWORD, SampleServer.OPERATOR_PASSWORD);
    }
}
