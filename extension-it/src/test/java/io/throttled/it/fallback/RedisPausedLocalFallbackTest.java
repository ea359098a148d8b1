package io.throttled.it.fallback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.throttled.it.ClientHttp;
import io.throttled.it.Deployments;
import io.throttled.it.server.ServerLog;
import io.throttled.it.server.TestServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.args.ClientPauseMode;

/**
 * The headline case on Liberty: Redis stops answering (a {@code CLIENT PAUSE} of 400 ms) right after a client's first
 * call, with the production timeout (50 ms) and failure mode {@code local}. Five clients, one after the other, each
 * with a quota of 3 per 10 s: call 1 is Redis', call 2 times out and is decided here, and so are the next ones until
 * one is refused; after the pause Redis decides again.
 *
 * <p>Why this fails without the local fallback starting from Redis' last answer: a fresh local bucket holds the full
 * burst, 3, so calls 2, 3 and 4 would all be admitted here after call 1 was admitted on Redis: 4 in the window. Starting
 * from Redis' answer to call 1 (2 left), this node admits at most 2 more alone; and what it admitted alone is charged to
 * Redis when it answers, so the calls after the pause are refused there too. (Setting
 * {@code throttled.redis.fallback.remembered-keys=0}, which makes every key start fresh, shows the 4.)
 *
 * <p>The bound is 3 plus whatever the bucket refilled meanwhile (a token every 3.3 s): each client's calls take well
 * under a second, so 3.
 */
@RunAsClient
@ExtendWith(ArquillianExtension.class)
class RedisPausedLocalFallbackTest {
    private static final int CLIENTS = 5;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.withAdminApi(Deployments.war("redis-paused",
                        // as in production (the suite's deployments wait 5 s, so that a busy machine decides on Redis)
                        "throttled.redis.timeout=50ms",
                        "throttled.redis.pool.max-wait=50ms",
                        "throttled.redis.failure-mode=local"))
                .addClasses(FallbackApplication.class, QuotaResource.class);
    }

    @ArquillianResource
    URL base;

    @Test
    void eachClientGetsAtMostItsQuotaThroughAPauseOfRedisAndTheServerSaysSo() throws Exception {
        URI redis = URI.create(Deployments.redisUrl());
        String run = Long.toString(System.nanoTime(), 36);
        awaitRedisDeciding("warm-" + run);
        List<String> report = new ArrayList<>();
        for (int c = 1; c <= CLIENTS; c++) {
            String client = "client-" + c + "-" + run;
            List<Integer> statuses = new ArrayList<>();
            long started = System.nanoTime();
            statuses.add(call(client));
            assertThat(statuses.get(0)).as("call 1 of %s, on Redis", client).isEqualTo(200);
            JsonObject duringPause;
            try (Jedis pauser = new Jedis(redis)) {
                pauser.clientPause(400, ClientPauseMode.ALL);
                do {
                    statuses.add(call(client));
                } while (statuses.get(statuses.size() - 1) != 429 && statuses.size() < 10);
                // the episode runs until Redis answers a call, whenever the pause ends: the stats show it now
                duringPause = c == 1 ? fallbackState() : null;
                assertThat(pauser.ping()).as("Redis answers after the pause").isEqualTo("PONG");
            }
            for (int i = 0; i < 3; i++) {
                statuses.add(call(client));
            }
            long elapsedMillis = (System.nanoTime() - started) / 1_000_000;
            long admitted = statuses.stream().filter(s -> s == 200).count();
            long refilled = elapsedMillis * 3 / 10_000;   // 3 per 10 s come back while the calls are made
            report.add(client + ": " + statuses + " admitted " + admitted + " in " + elapsedMillis + " ms");
            assertThat(statuses).as(client).allMatch(s -> s == 200 || s == 429);
            assertThat(admitted).as("%s: %s in %d ms", client, statuses, elapsedMillis)
                    .isBetween(2L, 3L + refilled);
            if (duringPause != null) {
                JsonObject running = duringPause.get("running").asJsonObject();
                assertThat(running.getString("first_cause")).isEqualTo("timeout");
                assertThat(running.getString("policy")).isEqualTo("quota");
                assertThat(running.getJsonObject("decided").getInt("local")).isPositive();
            }
            awaitRedisDeciding("warm-" + run);
        }
        System.out.println("admissions per client:\n" + String.join("\n", report));

        JsonObject state = fallbackState();
        assertThat(state.get("running").getValueType()).isEqualTo(JsonValue.ValueType.NULL);
        assertThat(state.getJsonObject("last").getString("first_cause")).isEqualTo("timeout");
        assertThat(state.getJsonNumber("episodes").longValue()).isGreaterThanOrEqualTo(CLIENTS);
        assertThat(state.getJsonObject("decided_without_redis").getJsonNumber("timeout").longValue())
                .as("at least call 2 of each client timed out").isGreaterThanOrEqualTo(CLIENTS);
        ServerLog serverLog = TestServer.current().log();
        List<String> log = serverLog.lines("full");
        assertThat(log).anyMatch(line -> line.contains("FallbackEpisodes")
                && serverLog.isWarning(line) && line.contains("Redis did not decide a call of policy 'quota' (timeout")
                && line.contains("timeout 50 ms"));
        assertThat(log).anyMatch(line -> line.contains("FallbackEpisodes")
                && line.contains("Redis answers again after"));
    }

    private int call(String client) {
        return ClientHttp.get(base, "api/quota", Map.of("X-Client", client)).status();
    }

    /** Until a call of another policy is Redis' again: the episode it started, if any, has ended. */
    private void awaitRedisDeciding(String client) {
        await("Redis deciding again").atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(200)).until(() -> {
            ClientHttp warm = ClientHttp.get(base, "api/quota/warm", Map.of("X-Client", client));
            return warm.status() == 200 && fallbackState().get("running").getValueType() == JsonValue.ValueType.NULL;
        });
    }

    /** The admin API's {@code redis_fallback}, as an operator reads it. */
    private JsonObject fallbackState() {
        ClientHttp stats = ClientHttp.get(base, "api/throttled/stats", Map.of("Authorization", "Basic "
                + Base64.getEncoder().encodeToString("alice:alice-it".getBytes(StandardCharsets.UTF_8))));
        assertThat(stats.status()).as(stats.body()).isEqualTo(200);
        return Json.createReader(new StringReader(stats.body())).readObject().getJsonObject("redis_fallback");
    }
}
