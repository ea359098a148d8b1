package it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import it.SampleServerExtension.SampleServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import redis.clients.jedis.Jedis;

/**
 * The sample's three entry points on a real Liberty with a real Redis: headers on every allowed call, a
 * 429 with Retry-After and problem+json for the first call beyond the limit, each call counted once, and
 * the state in Redis with TTLs.
 */
@ExtendWith(SampleServerExtension.class)
class DemoEndpointsIT {
    private SampleServer sample;

    @BeforeEach
    void fullBuckets(SampleServer sample) {
        this.sample = sample;
        sample.reset();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        // endpoint, policy, burst (what a full bucket admits), IETF policy item, key code
        "ping,     ping,     10, '\"ping\";q=10;w=10',    tb1s",
        "greeting, greeting, 5,  '\"greeting\";q=5;w=10', g10s",
        "report,   report,   3,  '\"report\";q=3;w=15',   fw15s",
    })
    void allowedCallsCarryHeadersAndTheFirstCallBeyondTheLimitGets429(String endpoint, String policy, int burst,
                                                                       String policyItem, String keyCode) {
        if (endpoint.equals("report")) {
            awaitFreshFixedWindow(15_000);
        }
        List<HttpResponse<String>> allowed = new ArrayList<>();
        HttpResponse<String> denied = null;
        for (int i = 0; i < burst + 5 && denied == null; i++) {
            HttpResponse<String> r = Http.get(sample.url("/api/demo/" + endpoint));
            if (r.statusCode() == 200) {
                allowed.add(r);
            } else {
                denied = r;
            }
        }

        assertThat(allowed).hasSize(burst);
        for (int i = 0; i < allowed.size(); i++) {
            HttpResponse<String> r = allowed.get(i);
            long remaining = burst - 1 - i;   // exactly one token per call: counted once
            // the sample's per-address route applies to every request under /api, listed first
            assertThat(Http.header(r, "RateLimit-Policy")).isEqualTo("\"api-per-ip\";q=1000;w=10, " + policyItem);
            assertThat(Http.item(Http.header(r, "RateLimit"), policy)).startsWith("\"" + policy + "\";r=" + remaining + ";t=");
            assertThat(Http.item(Http.header(r, "RateLimit"), "api-per-ip")).startsWith("\"api-per-ip\";r=");
            assertThat(Http.header(r, "X-RateLimit-Limit")).isEqualTo(Integer.toString(burst));
            assertThat(Http.header(r, "X-RateLimit-Remaining")).isEqualTo(Long.toString(remaining));
            assertThat(Long.parseLong(Http.header(r, "X-RateLimit-Reset")))
                    .isBetween(System.currentTimeMillis() / 1000, System.currentTimeMillis() / 1000 + 60);
        }

        assertThat(denied).isNotNull();
        assertThat(denied.statusCode()).isEqualTo(429);
        assertThat(Long.parseLong(Http.header(denied, "Retry-After"))).isBetween(1L, 15L);
        assertThat(Http.header(denied, "Content-Type")).startsWith("application/problem+json");
        assertThat(Http.header(denied, "X-RateLimit-Remaining")).isEqualTo("0");
        assertThat(Http.item(Http.header(denied, "RateLimit"), policy)).startsWith("\"" + policy + "\";r=0;t=");
        JsonObject problem = Json.createReader(new StringReader(denied.body())).readObject();
        assertThat(problem.getInt("status")).isEqualTo(429);
        assertThat(problem.getString("title")).isEqualTo("Too Many Requests");
        assertThat(problem.getString("type")).isEqualTo("https://iana.org/assignments/http-problem-types#quota-exceeded");
        assertThat(problem.getString("policy")).isEqualTo(policy);
        assertThat(problem.getString("detail")).contains("policy '" + policy + "' exceeded");
        assertThat(problem.getString("instance")).isEqualTo("/api/demo/" + endpoint);
        assertThat(problem.getInt("retryAfter")).isEqualTo(Integer.parseInt(Http.header(denied, "Retry-After")));

        try (Jedis jedis = sample.jedis()) {
            Set<String> keys = jedis.keys("throttled:" + policy + ":*");
            assertThat(keys).isNotEmpty().allSatisfy(key -> {
                assertThat(key).contains(":{ip:127.0.0.1}:" + keyCode);
                assertThat(jedis.pttl(key)).as("TTL of %s", key).isPositive();
            });
        }
    }

    /** Fixed windows are aligned to the clock: start well inside one, so the burst does not straddle two. */
    /** The benchmark's floor asks the limiter's Redis once, through a client of its own, and decides nothing. */
    @Test
    void theFloorEndpointReadsTheLimitersRedis() {
        try (Jedis jedis = sample.jedis()) {
            jedis.set("throttled-demo:floor", "from redis");
            HttpResponse<String> r = Http.get(sample.url("/api/demo/floor"));
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(Json.createReader(new StringReader(r.body())).readObject().getString("message"))
                    .isEqualTo("from redis");
            assertThat(Http.header(r, "RateLimit-Policy")).as("only the per-address route").isEqualTo("\"api-per-ip\";q=1000;w=10");
        } finally {
            try (Jedis jedis = sample.jedis()) {
                jedis.del("throttled-demo:floor");
            }
        }
    }

    private static void awaitFreshFixedWindow(long windowMillis) {
        await().atMost(Duration.ofSeconds(5)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(100))
                .until(() -> System.currentTimeMillis() % windowMillis <= windowMillis - 4_000);
    }
}
