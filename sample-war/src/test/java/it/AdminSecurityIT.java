package it;

import static org.assertj.core.api.Assertions.assertThat;

import it.SampleServerExtension.SampleServer;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every admin method, without credentials, as a user without the role and as an operator, over HTTP and HTTPS. */
@ExtendWith(SampleServerExtension.class)
class AdminSecurityIT {
    private SampleServer sample;

    record Call(String method, String path, String body) {
    }

    private static final List<Call> CALLS = List.of(
            new Call("GET", "/api/throttled/policies", null),
            new Call("GET", "/api/throttled/policies/ping", null),
            new Call("PUT", "/api/throttled/policies/ping", "{\"rate\":\"1/1s;burst=10\"}"),
            new Call("DELETE", "/api/throttled/policies/ping", null),
            new Call("GET", "/api/throttled/buckets/ping", null),
            new Call("GET", "/api/throttled/buckets/ping/127.0.0.1", null),
            new Call("DELETE", "/api/throttled/buckets/ping/127.0.0.1", null),
            new Call("DELETE", "/api/throttled/buckets/ping", null),
            new Call("GET", "/api/throttled/stats", null));

    @BeforeEach
    void clean(SampleServer sample) {
        this.sample = sample;
        sample.reset();
    }

    @AfterEach
    void undo() {
        sample.reset();
    }

    @ParameterizedTest(name = "over {0}")
    @ValueSource(strings = {"http", "https"})
    void onlyOperatorsGetIn(String scheme) {
        for (Call call : CALLS) {
            String url = scheme.equals("http") ? sample.url(call.path()) : sample.httpsUrl(call.path());

            assertThat(Http.send(call.method(), url, call.body(), null, null).statusCode())
                    .as("%s %s without credentials", call.method(), url).isEqualTo(401);
            assertThat(Http.send(call.method(), url, call.body(), SampleServer.USER, SampleServer.USER_PASSWORD).statusCode())
                    .as("%s %s as a user without the role", call.method(), url).isEqualTo(403);
            assertThat(Http.send(call.method(), url, call.body(), SampleServer.OPERATOR, "wrong").statusCode())
                    .as("%s %s with a wrong password", call.method(), url).isEqualTo(401);
            assertThat(Http.send(call.method(), url, call.body(), SampleServer.OPERATOR, SampleServer.OPERATOR_PASSWORD)
                    .statusCode()).as("%s %s as an operator", call.method(), url).isBetween(200, 299);
        }
    }
}
