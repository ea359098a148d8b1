package it;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.core.Policy;
import io.throttled.redis.RedisConnections;
import io.throttled.redis.RedisRateLimiter;
import io.throttled.redis.RedisSettings;
import it.SampleServerExtension.SampleServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.resps.Slowlog;

/** Looking at and resetting buckets through the admin API. */
@ExtendWith(SampleServerExtension.class)
class BucketsIT {
    private SampleServer sample;

    @BeforeEach
    void clean(SampleServer sample) {
        this.sample = sample;
        sample.reset();
    }

    private JsonObject admin(String method, String path) {
        HttpResponse<String> r = Http.send(method, sample.url("/api/throttled" + path), null, SampleServer.OPERATOR,
                SampleServer.OPERATOR_PASSWORD);
        assertThat(r.statusCode()).as("%s %s: %s", method, path, r.body()).isEqualTo(200);
        return Json.createReader(new StringReader(r.body())).readObject();
    }

    private String remainingAfterPing() {
        return Http.header(Http.get(sample.url("/api/demo/ping")), "X-RateLimit-Remaining");
    }

    @Test
    void aPeekTakesNothingAndAResetGivesAFullBucket() {
        for (int i = 0; i < 3; i++) {
            remainingAfterPing();
        }

        for (int i = 0; i < 5; i++) {
            JsonObject bucket = admin("GET", "/buckets/ping/127.0.0.1");
            assertThat(bucket.getString("key")).isEqualTo("ip:127.0.0.1");
            assertThat(bucket.getJsonNumber("remaining").longValue()).isEqualTo(7);
            assertThat(bucket.getJsonNumber("timeToLiveMillis").longValue()).isBetween(1L, 3_000L);
        }
        assertThat(remainingAfterPing()).isEqualTo("6");
        assertThat(admin("GET", "/buckets/ping").getJsonArray("keys").getString(0)).isEqualTo("ip:127.0.0.1");

        admin("DELETE", "/buckets/ping/127.0.0.1");

        assertThat(admin("GET", "/buckets/ping/127.0.0.1").getBoolean("exists")).isFalse();
        assertThat(remainingAfterPing()).isEqualTo("9");
        assertThat(sample.server().messages()).contains("action=reset-bucket target=ping ip:127.0.0.1");
    }

    @Test
    void resetAllClearsTenThousandKeysWithoutBlockingRedis() {
        Policy ping = Policy.builder("ping").rate("1/1s;burst=10").build();   // the sample's policy
        try (RedisRateLimiter clients = RedisRateLimiter.builder(RedisConnections.scripting(RedisSettings.builder()
                .url(sample.redis().url()).commandTimeout(Duration.ofSeconds(5)).build())).build()) {
            for (int batch = 0; batch < 10; batch++) {
                List<RedisRateLimiter.Request> requests = new ArrayList<>();
                for (int i = 0; i < 1000; i++) {
                    // the whole burst: each key then lives 10 s (one token would refill, and expire, in 1 s: on a
                    // loaded machine keys vanished before the reset counted them)
                    requests.add(new RedisRateLimiter.Request(ping, "u:client-" + batch + "-" + i, 10));
                }
                clients.acquireAll(requests);
            }
        }
        try (Jedis jedis = sample.jedis()) {
            assertThat(jedis.dbSize()).isEqualTo(10_000);
            jedis.configSet("slowlog-log-slower-than", "3000");   // µs: log every command over 3 ms
            jedis.slowlogReset();
        }

        JsonObject result = admin("DELETE", "/buckets/ping");

        assertThat(result.getJsonNumber("keysRemoved").longValue()).isEqualTo(10_000);
        try (Jedis jedis = sample.jedis()) {
            assertThat(jedis.dbSize()).isZero();
            List<Slowlog> slow = jedis.slowlogGet();
            assertThat(slow).as("commands that held Redis for more than 3 ms").isEmpty();
            jedis.configSet("slowlog-log-slower-than", "10000");
        }
    }
}
