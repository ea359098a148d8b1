package it;

import static org.assertj.core.api.Assertions.assertThat;

import it.SampleServerExtension.SampleServer;
import jakarta.json.Json;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import io.throttled.testing.redis.RequiresRedis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Two Liberty servers sharing one Redis: one limit for both, and a change made on one holds on the other. */
@ExtendWith(SampleServerExtension.class)
class TwoServersIT {
    private static LibertyServer b;
    private SampleServer a;

    @BeforeAll
    static void startSecondServer(SampleServer a) {
        // B calls the partner stub on A: one partner for both, as in production
        b = LibertyServer.start("throttled-sample-b", Map.of("THROTTLED_REDIS_URL", a.redis().url(),
                "PARTNER_MP_REST_URL", a.server().baseUrl() + "/api"));
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

    /**
     * Issue 13's demonstration: 16 threads on each server call the partner (the stub on A, 5/s with a burst of 3,
     * which answers 429 beyond that) through the throttled Rest Client, policy {@code partner} (gcra 5/1s, burst 2,
     * max-wait 10s), for 20 s after 8 s of warm-up. Every call succeeds, the stub never refuses one, no 1-second window holds more than
     * the policy allows (burst 2 + 5), and the calls leave 200 ms apart (within 2 ms at p50 and 10 ms at p95; the HTTP hop to the stub
     * adds jitter of its own, reported and guarded apart).
     */
    @Test
    @RequiresRedis(value = "7.0", reason = "the partner policy waits for its slots (max-wait)")
    void callsToAPartnerFromTwoServersLeaveEvenlySpacedAndTheStubRefusesNone() throws Exception {
        int threadsPerServer = 16;
        assertThat(Http.get(b.baseUrl() + "/api/demo/partner").statusCode()).isEqualTo(200);   // B's client warmed up
        assertThat(Http.get(a.url("/api/demo/partner")).statusCode()).isEqualTo(200);

        AtomicInteger succeeded = new AtomicInteger();
        List<long[]> failedAt = new CopyOnWriteArrayList<>();
        List<String> failures = new CopyOnWriteArrayList<>();
        ExecutorService callers = Executors.newFixedThreadPool(2 * threadsPerServer);
        // 8 s of warm-up: at 5/s the 32 callers take 6.4 s to make one call each, and the first call through each of
        // the gateway beans' Rest Client instances leaves up to 17 ms late (its connection and per-client setup)
        long measuredFrom = System.nanoTime() + TimeUnit.SECONDS.toNanos(8);
        long end = measuredFrom + TimeUnit.SECONDS.toNanos(20);
        for (int t = 0; t < 2 * threadsPerServer; t++) {
            String base = t % 2 == 0 ? a.server().baseUrl() : b.baseUrl();
            callers.submit(() -> {
                while (System.nanoTime() < end) {   // bounded: 28 s, then each thread's call in flight
                    String failure;
                    try {
                        HttpResponse<String> r = Http.get(base + "/api/demo/partner");
                        if (r.statusCode() == 200) {
                            succeeded.incrementAndGet();
                            continue;
                        }
                        failure = base + ": " + r.statusCode() + " " + r.body();
                    } catch (RuntimeException e) {
                        failure = base + ": " + e;
                    }
                    failures.add(failure);
                    failedAt.add(new long[] {System.nanoTime()});
                }
            });
        }
        Thread.sleep(TimeUnit.NANOSECONDS.toMillis(measuredFrom - System.nanoTime()));   // the load runs meanwhile
        Http.send("DELETE", a.url("/api/partner/calls"), null, null, null);   // the stub counts from here
        long resetAt = System.nanoTime();
        callers.shutdown();
        assertThat(callers.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
        long failedWhileMeasured = failedAt.stream().filter(at -> at[0] > resetAt).count();

        JsonObject seen = Json.createReader(new StringReader(Http.get(a.url("/api/partner/calls")).body())).readObject();
        double[] arrivals = seen.getJsonArray("arrivalsMillis").getValuesAs(JsonNumber.class).stream()
                .mapToDouble(JsonNumber::doubleValue).toArray();
        int busiestSecond = 0;
        for (int i = 0, j = 0; i < arrivals.length; i++) {
            while (j < arrivals.length && arrivals[j] < arrivals[i] + 1000) {
                j++;
            }
            busiestSecond = Math.max(busiestSecond, j - i);
        }
        double[] departures = seen.getJsonArray("departuresMillis").getValuesAs(JsonNumber.class).stream()
                .mapToDouble(JsonNumber::doubleValue).toArray();
        assertThat(departures).as("departures stamped by the client").hasSameSizeAs(arrivals);
        double[] left = spacingErrors(departures);      // the spacing throttled gave the calls
        double[] arrived = spacingErrors(arrivals);     // that spacing plus the HTTP hop between the servers
        System.out.printf("partner calls from two servers x %d threads for 8 + 20 s: %d succeeded, %d failed (%d while "
                        + "measured); the stub accepted %d, refused %d while measured; busiest 1-s window %d calls; spacing "
                        + "error as the calls left: p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms; as they arrived: p50 %.1f ms, "
                        + "p99 %.1f ms, max %.1f ms%n", threadsPerServer, succeeded.get(), failures.size(),
                failedWhileMeasured, seen.getInt("accepted"), seen.getInt("refused"), busiestSecond,
                percentile(left, 0.5), percentile(left, 0.95), percentile(left, 0.99), left[left.length - 1],
                percentile(arrived, 0.5), percentile(arrived, 0.99), arrived[arrived.length - 1]);
        System.out.println("departures (ms after the first): " + Arrays.toString(Arrays.stream(departures)
                .mapToLong(Math::round).toArray()));
        System.out.println("arrivals (ms after the first): " + Arrays.toString(Arrays.stream(arrivals).mapToLong(Math::round)
                .toArray()));
        assertThat(failedWhileMeasured).as("calls that failed while measured: %s", failures).isZero();
        assertThat(seen.getInt("refused")).as("calls the partner refused").isZero();
        assertThat(seen.getInt("accepted")).as("5 a second for at least 20 s").isGreaterThanOrEqualTo(100);
        assertThat(busiestSecond).as("calls in the busiest 1-s window (burst 2 + 5/s x 1 s)").isLessThanOrEqualTo(7);
        assertThat(percentile(left, 0.5)).as("spacing error as the calls left, p50, ms").isLessThanOrEqualTo(2.0);
        // p95, not p99: of ~130 calls, p99 is the second latest, and on a CI machine running two servers, Redis and 32
        // callers on two cores one or two wake-ups come 12-17 ms late whatever the limiter does (the p90 was 2 ms)
        assertThat(percentile(left, 0.95)).as("spacing error as the calls left, p95, ms").isLessThanOrEqualTo(10.0);
        // the hop between two Liberty servers on one machine adds its own jitter (GC, dispatch): guarded loosely
        assertThat(percentile(arrived, 0.99)).as("spacing error as the calls arrived, p99, ms").isLessThanOrEqualTo(50.0);
    }

    /**
     * How far each call is from its slot, sorted: the k-th call's slot is 200 ms × k after the first, give or take
     * where the first landed (the median lateness).
     */
    private static double[] spacingErrors(double[] millisAfterFirst) {
        double[] lateness = new double[millisAfterFirst.length];
        for (int k = 0; k < millisAfterFirst.length; k++) {
            lateness[k] = millisAfterFirst[k] - 200.0 * k;
        }
        double[] sorted = lateness.clone();
        Arrays.sort(sorted);
        double median = sorted[sorted.length / 2];
        return Arrays.stream(lateness).map(l -> Math.abs(l - median)).sorted().toArray();
    }

    private static double percentile(double[] sorted, double p) {
        return sorted[(int) Math.ceil(p * sorted.length) - 1];
    }
}
