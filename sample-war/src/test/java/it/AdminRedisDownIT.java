package it;

import static it.SampleServerExtension.SampleServer.OPERATOR;
import static it.SampleServerExtension.SampleServer.OPERATOR_PASSWORD;
import static org.assertj.core.api.Assertions.assertThat;

import it.SampleServerExtension.SampleServer;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The admin API while Redis does not answer: every endpoint that needs it answers 503 problem+json with the
 * draft's temporary-reduced-capacity type and Retry-After (never a 500), and listing policies keeps working.
 */
@ExtendWith(SampleServerExtension.class)
class AdminRedisDownIT {

    @Test
    void endpointsThatNeedRedisAnswer503AndListingStillWorks(SampleServer sample) {
        sample.reset();
        sample.redis().kill();
        try {
            assertUnavailable(sample, "PUT", "/api/throttled/policies/ping", "{\"rate\":\"5/1s\"}");
            assertUnavailable(sample, "DELETE", "/api/throttled/policies/ping", null);
            assertUnavailable(sample, "GET", "/api/throttled/buckets/ping", null);
            assertUnavailable(sample, "GET", "/api/throttled/buckets/ping/127.0.0.1", null);
            assertUnavailable(sample, "DELETE", "/api/throttled/buckets/ping/127.0.0.1", null);
            assertUnavailable(sample, "DELETE", "/api/throttled/buckets/ping", null);

            HttpResponse<String> policies = Http.get(sample.url("/api/throttled/policies"), OPERATOR, OPERATOR_PASSWORD);
            assertThat(policies.statusCode()).isEqualTo(200);
            assertThat(policies.body()).contains("\"ping\"", "\"greeting\"", "\"report\"");
            assertThat(Http.get(sample.url("/api/throttled/policies/ping"), OPERATOR, OPERATOR_PASSWORD).statusCode())
                    .isEqualTo(200);
        } finally {
            sample.redis().restart();
        }
    }

    private static void assertUnavailable(SampleServer sample, String method, String path, String json) {
        HttpResponse<String> response = Http.send(method, sample.url(path), json, OPERATOR, OPERATOR_PASSWORD);
        assertThat(response.statusCode()).as("%s %s", method, path).isEqualTo(503);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(response.headers().firstValue("Retry-After")).hasValueSatisfying(
                seconds -> assertThat(Long.parseLong(seconds)).isPositive());
        assertThat(response.body()).contains("http-problem-types#temporary-reduced-capacity", "\"status\":503");
    }
}
