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
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
            // log every command: the test looks at what the reset sent, not at how long a noisy machine took
            jedis.configSet("slowlog-max-len", "10000");
            jedis.configSet("slowlog-log-slower-than", "0");
            jedis.slowlogReset();
        }

        // each call works for at most its time bound and says where to go on
        long removed = 0;
        String cursor = "0";
        int calls = 0;
        JsonObject result;
        do {
            result = admin("DELETE", "/buckets/ping?cursor=" + cursor);
            removed += result.getJsonNumber("keysRemoved").longValue();
            cursor = result.getBoolean("complete") ? "0" : result.getString("cursor");
            calls++;
        } while (!result.getBoolean("complete") && calls < 100);

        assertThat(result.getBoolean("complete")).isTrue();
        assertThat(removed).isEqualTo(10_000);
        try (Jedis jedis = sample.jedis()) {
            List<Slowlog> sent = jedis.slowlogGet(10_000);
            jedis.configSet("slowlog-log-slower-than", "10000");
            jedis.configSet("slowlog-max-len", "128");
            assertThat(jedis.dbSize()).isZero();
            // Redis is never held for long when no command walks or deletes more than one page of keys
            assertThat(sent).as("no KEYS or FLUSH").noneMatch(c -> name(c).equals("KEYS") || name(c).startsWith("FLUSH"));
            List<Slowlog> scans = sent.stream().filter(c -> name(c).equals("SCAN")).toList();
            assertThat(scans).as("pages of at most 500").hasSizeGreaterThanOrEqualTo(20)
                    .allSatisfy(c -> assertThat(c.getArgs()).containsSubsequence("COUNT", "500"));
            List<Slowlog> deletes = sent.stream().filter(c -> name(c).equals("UNLINK") || name(c).equals("DEL")).toList();
            // one SCAN page each: COUNT is a hint, a page may run over by the keys sharing a hash-table bucket
            assertThat(deletes).as("deletes").isNotEmpty()
                    .allSatisfy(c -> assertThat(keysNamed(c)).as("%s", c.getArgs()).isBetween(1, 600));
        }
    }

    private static String name(Slowlog command) {
        return command.getArgs().get(0).toUpperCase(Locale.ROOT);
    }

    private static final Pattern MORE_ARGUMENTS = Pattern.compile("\\.\\.\\. \\((\\d+) more arguments\\)");

    /** Keys after the command name; SLOWLOG keeps 32 arguments and ends with "... (N more arguments)". */
    private static int keysNamed(Slowlog command) {
        List<String> args = command.getArgs();
        String last = args.get(args.size() - 1);
        Matcher more = MORE_ARGUMENTS.matcher(last);
        return more.matches() ? args.size() - 2 + Integer.parseInt(more.group(1)) : args.size() - 1;
    }
}
