package it;

import static org.assertj.core.api.Assertions.assertThat;

import it.SampleServerExtension.SampleServer;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Two Liberty servers sharing one Redis: one limit for both, and a change made on one holds on the other. */
@ExtendWith(SampleServerExtension.class)
class TwoServersIT {
    private static LibertyServer b;
    private SampleServer a;

    @BeforeAll
    static void startSecondServer(SampleServer a) {
        b = LibertyServer.start("throttled-sample-b", Map.of("THROTTLED_REDIS_URL", a.redis().url()));
    }

    @AfterAll
    static void stopSecondServer() {
        if (b != null) {
            b.close();
        }
    }

    @BeforeEach
    void fullBuckets(SampleServer sample) {
        this.a = sample;
        sample.reset();
    }

    @Test
    void aBurstSentAlternatelyToTwoServersIsLimitedAsOne() {
        int admittedByA = 0;
        int admittedByB = 0;
        long start = System.nanoTime();
        for (int i = 0; i < 40; i++) {
            String base = i % 2 == 0 ? a.server().baseUrl() : b.baseUrl();
            HttpResponse<String> r = Http.get(base + "/api/demo/ping");
            if (r.statusCode() == 200) {
                if (i % 2 == 0) {
                    admittedByA++;
                } else {
                    admittedByB++;
                }
            } else {
                assertThat(r.statusCode()).isEqualTo(429);
            }
        }
        long elapsedSeconds = (System.nanoTime() - start) / 1_000_000_000L + 1;

        // ping is a bucket of 10 refilled 1/s: one server alone would admit 10 of its 20, two independent
        // ones 20 together; shared, they admit 10 plus what refilled while the burst ran
        assertThat(admittedByA + admittedByB).isBetween(10, 10 + (int) elapsedSeconds);
        assertThat(admittedByA).isPositive();
        assertThat(admittedByB).isPositive();
    }

    @Test
    void aPolicyChangedThroughOneServerHoldsOnTheOtherWithinASecond() {
        // B's admin endpoint answers its first call slowly (lazy start-up): not what is measured here
        assertThat(Http.get(b.baseUrl() + "/api/throttled/policies/ping", SampleServer.OPERATOR,
                SampleServer.OPERATOR_PASSWORD).statusCode()).isEqualTo(200);
        HttpResponse<String> put = Http.send("PUT", a.url("/api/throttled/policies/ping"), "{\"rate\":\"2/1m\"}",
                SampleServer.OPERATOR, SampleServer.OPERATOR_PASSWORD);
        long changed = System.nanoTime();
        assertThat(put.statusCode()).isEqualTo(200);

        long seenAfter = awaitRateOnB("2/1m", changed);
        System.out.println("a policy change made through server A held on server B after " + seenAfter + " ms");
        assertThat(seenAfter).as("ms until server B had the change").isLessThan(1000);
        HttpResponse<String> first = Http.get(b.baseUrl() + "/api/demo/ping");
        assertThat(Http.item(Http.header(first, "RateLimit-Policy"), "ping")).isEqualTo("\"ping\";q=2;w=60");
        assertThat(Http.get(b.baseUrl() + "/api/demo/ping").statusCode()).isEqualTo(200);
        assertThat(Http.get(b.baseUrl() + "/api/demo/ping").statusCode()).isEqualTo(429);   // 2 per minute

        HttpResponse<String> delete = Http.send("DELETE", a.url("/api/throttled/policies/ping"), null,
                SampleServer.OPERATOR, SampleServer.OPERATOR_PASSWORD);
        long dropped = System.nanoTime();
        assertThat(delete.statusCode()).isEqualTo(200);
        assertThat(awaitRateOnB("1/1s;burst=10", dropped)).as("ms until the config held again on B").isLessThan(1000);
        assertThat(Http.item(Http.header(Http.get(b.baseUrl() + "/api/demo/ping"), "RateLimit-Policy"), "ping")).isEqualTo("\"ping\";q=10;w=10");
    }

    @Test
    void aRouteAddedThroughOneServerLimitsAnUnannotatedEndpointOnTheOtherWithinASecond() {
        assertThat(Http.get(b.baseUrl() + "/api/throttled/routes", SampleServer.OPERATOR, SampleServer.OPERATOR_PASSWORD)
                .statusCode()).isEqualTo(200);   // B's admin API warmed up: its first call is not what is measured
        HttpResponse<String> put = Http.send("PUT", a.url("/api/throttled/routes/free-burst"),
                "{\"path\":\"/api/demo/free\",\"rate\":\"2/1m\",\"key\":\"ip\"}", SampleServer.OPERATOR,
                SampleServer.OPERATOR_PASSWORD);
        long added = System.nanoTime();
        assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
        long seenAfter = awaitRouteOnB(true, added);
        System.out.println("a route added through server A was in force on server B after " + seenAfter + " ms");
        assertThat(seenAfter).as("ms until server B had the route").isLessThan(1000);
        assertThat(Http.get(b.baseUrl() + "/api/demo/free").statusCode()).isEqualTo(200);
        assertThat(Http.get(a.url("/api/demo/free")).statusCode()).isEqualTo(200);
        assertThat(Http.get(b.baseUrl() + "/api/demo/free").statusCode()).isEqualTo(429);   // one bucket for both
        assertThat(Http.get(a.url("/api/demo/free")).statusCode()).isEqualTo(429);

        assertThat(Http.send("DELETE", a.url("/api/throttled/routes/free-burst"), null, SampleServer.OPERATOR,
                SampleServer.OPERATOR_PASSWORD).statusCode()).isEqualTo(200);
        long removed = System.nanoTime();
        assertThat(awaitRouteOnB(false, removed)).as("ms until server B dropped the route").isLessThan(1000);
        assertThat(Http.get(b.baseUrl() + "/api/demo/free").statusCode()).isEqualTo(200);
        assertThat(Http.get(a.url("/api/demo/free")).statusCode()).isEqualTo(200);
    }

    /** Polls server B's routes (what its requests are matched against) until the route is there, or gone. */
    private static long awaitRouteOnB(boolean present, long since) {
        long deadline = since + 10_000_000_000L;
        while (System.nanoTime() < deadline) {
            int status = Http.get(b.baseUrl() + "/api/throttled/routes/free-burst", SampleServer.OPERATOR,
                    SampleServer.OPERATOR_PASSWORD).statusCode();
            if (status == (present ? 200 : 404)) {
                return (System.nanoTime() - since) / 1_000_000;
            }
        }
        throw new AssertionError("server B never " + (present ? "had" : "dropped") + " the route");
    }

    /** Polls server B's effective policy (what its requests are decided by) until it has this rate. */
    private static long awaitRateOnB(String rate, long since) {
        long deadline = since + 10_000_000_000L;
        while (System.nanoTime() < deadline) {
            HttpResponse<String> r = Http.get(b.baseUrl() + "/api/throttled/policies/ping",
                    SampleServer.OPERATOR, SampleServer.OPERATOR_PASSWORD);
            if (r.body().contains("\"rate\":\"" + rate + "\"")) {
                return (System.nanoTime() - since) / 1_000_000;
            }
        }
        throw new AssertionError("server B never had rate " + rate);
    }
}
