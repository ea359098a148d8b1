package it;

import static org.assertj.core.api.Assertions.assertThat;

import it.SampleServerExtension.SampleServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.StringReader;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import redis.clients.jedis.Jedis;

/** Runtime overrides through the admin API: refused when invalid (nothing stored), in force when valid. */
@ExtendWith(SampleServerExtension.class)
class AdminPoliciesIT {
    private SampleServer sample;

    @BeforeEach
    void clean(SampleServer sample) {
        this.sample = sample;
        sample.reset();
    }

    private HttpResponse<String> put(String policy, String body) {
        return Http.send("PUT", sample.url("/api/throttled/policies/" + policy), body, SampleServer.OPERATOR,
                SampleServer.OPERATOR_PASSWORD);
    }

    private JsonObject policy(String name) {
        HttpResponse<String> r = Http.get(sample.url("/api/throttled/policies/" + name), SampleServer.OPERATOR,
                SampleServer.OPERATOR_PASSWORD);
        assertThat(r.statusCode()).isEqualTo(200);
        return Json.createReader(new StringReader(r.body())).readObject();
    }

    private int admittedPings(int tries) {
        int admitted = 0;
        for (int i = 0; i < tries; i++) {
            if (Http.get(sample.url("/api/demo/ping")).statusCode() == 200) {
                admitted++;
            }
        }
        return admitted;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "{\"algorithm\":\"gcrax\"}              | algorithm | unknown algorithm 'gcrax'",
        "{\"rate\":\"10/1x\"}                    | rate      | unknown time unit 'x'",
        "{\"cost\":-1}                           | cost      | must be at least 1",
        "{\"key\":\"cookie\"}                    | key       | unknown key source 'cookie'",
        "{\"cost\":\"two\"}                      | cost      | must be a whole JSON number",
        "{\"enforce\":\"no\"}                    | enforce   | must be true or false",
        "{\"speed\":\"ludicrous\"}               | speed     | unknown field",
        "{\"algorithm\":\"fixed-window\"}        | burst     | applies only to token-bucket, gcra and leaky-bucket",
        "this is not json                        | body      | is not JSON",
    })
    void badInputIs400NamingTheFieldAndNothingIsStored(String body, String field, String message) {
        HttpResponse<String> r = put("ping", body);

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(Http.header(r, "Content-Type")).startsWith("application/problem+json");
        JsonObject problem = Json.createReader(new StringReader(r.body())).readObject();
        assertThat(problem.getInt("status")).isEqualTo(400);
        assertThat(problem.getJsonArray("violations").getValuesAs(JsonObject.class))
                .anySatisfy(v -> {
                    assertThat(v.getString("field")).isEqualTo(field);
                    assertThat(v.getString("message")).contains(message);
                });
        assertThat(policy("ping").getBoolean("overridden")).isFalse();
        assertThat(policy("ping").getString("rate")).isEqualTo("1/1s;burst=10");
        try (Jedis jedis = sample.jedis()) {
            assertThat(jedis.exists("throttled:overrides")).as("nothing stored").isFalse();
        }
        assertThat(admittedPings(12)).as("the old behaviour holds").isBetween(10, 11);
    }

    @Test
    void aValidOverrideIsInForceAtOnceAndDroppingItRestoresConfig() {
        HttpResponse<String> r = put("ping", "{\"rate\":\"3/1m\",\"algorithm\":\"sliding-window-log\"}");

        assertThat(r.statusCode()).isEqualTo(200);
        JsonObject view = policy("ping");
        assertThat(view.getString("rate")).isEqualTo("3/1m");
        assertThat(view.getString("algorithm")).isEqualTo("sliding-window-log");
        assertThat(view.getBoolean("overridden")).isTrue();
        assertThat(view.getJsonObject("settings").getJsonObject("rate").getString("source")).isEqualTo("runtime override");
        assertThat(view.getJsonObject("settings").getJsonObject("key").getString("source")).isEqualTo("default");
        assertThat(admittedPings(6)).isEqualTo(3);
        try (Jedis jedis = sample.jedis()) {
            assertThat(jedis.hgetAll("throttled:overrides")).containsEntry("throttled.policy.ping.rate", "3/1m");
        }

        HttpResponse<String> dropped = Http.send("DELETE", sample.url("/api/throttled/policies/ping"), null,
                SampleServer.OPERATOR, SampleServer.OPERATOR_PASSWORD);

        assertThat(dropped.statusCode()).isEqualTo(200);
        assertThat(policy("ping").getString("rate")).isEqualTo("1/1s;burst=10");
        assertThat(policy("ping").getJsonObject("settings").getJsonObject("rate").getString("source")).isEqualTo("config");
        assertThat(admittedPings(12)).isBetween(10, 11);
        assertThat(sample.server().messages()).contains("throttled audit: user=operator action=override-policy target=ping"
                + " old={algorithm=token-bucket (config), rate=1/1s;burst=10 (config)} new={algorithm=sliding-window-log"
                + " (runtime override), rate=3/1m (runtime override)}");
    }

    @Test
    void theFirstOverrideOfANewTierCreatesItAndDroppingItRemovesIt() {
        assertThat(put("ping.tier.gold", "{}").statusCode()).as("a new tier needs a setting").isEqualTo(400);
        HttpResponse<String> callRule = put("ping.tier.gold", "{\"rate\":\"3/1m\",\"exempt\":\"::1\"}");
        assertThat(callRule.statusCode()).isEqualTo(400);
        assertThat(callRule.body()).contains("\"field\":\"exempt\"", "a tier sets only the fields of its buckets");
        assertThat(put("ping.tier.default", "{\"rate\":\"3/1m\"}").statusCode()).isEqualTo(404);
        assertThat(put("nope.tier.gold", "{\"rate\":\"3/1m\"}").statusCode()).isEqualTo(404);
        assertThat(policy("ping").getJsonArray("tiers").getValuesAs(JsonString.class))
                .extracting(JsonString::getString).doesNotContain("gold");

        HttpResponse<String> created = put("ping.tier.gold", "{\"rate\":\"3/1m\"}");

        assertThat(created.statusCode()).as(created.body()).isEqualTo(200);
        assertThat(policy("ping.tier.gold").getString("rate")).isEqualTo("3/1m");
        assertThat(policy("ping").getJsonArray("tiers").getValuesAs(JsonString.class))
                .extracting(JsonString::getString).containsExactly("operator", "user", "gold");
        // tier-by=role: a caller in role gold would get it, with buckets of its own
        assertThat(Http.get(sample.url("/api/throttled/explain?path=/api/demo/ping&user=ann&role=gold&address=127.0.0.1"),
                SampleServer.OPERATOR, SampleServer.OPERATOR_PASSWORD).body())
                .contains("\"tier\":\"gold\"", "\"bucketPolicy\":\"ping.tier.gold\"", "\"rate\":\"3/1m\"");

        HttpResponse<String> dropped = Http.send("DELETE", sample.url("/api/throttled/policies/ping.tier.gold"), null,
                SampleServer.OPERATOR, SampleServer.OPERATOR_PASSWORD);

        assertThat(dropped.statusCode()).isEqualTo(200);
        assertThat(dropped.body()).contains("\"removed\":true");
        assertThat(Http.get(sample.url("/api/throttled/policies/ping.tier.gold"), SampleServer.OPERATOR,
                SampleServer.OPERATOR_PASSWORD).statusCode()).isEqualTo(404);
    }

    @Test
    void aRoutesPolicyIsChangedThroughItsRouteOnly() {
        HttpResponse<String> r = put("api-per-ip", "{\"rate\":\"1/1m\"}");

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.body()).contains("PUT throttled/routes/api-per-ip");
        try (Jedis jedis = sample.jedis()) {
            assertThat(jedis.exists("throttled:overrides")).as("nothing stored").isFalse();
        }
    }

    @Test
    void anUnknownPolicyIs404() {
        assertThat(put("nope", "{\"rate\":\"1/1s\"}").statusCode()).isEqualTo(404);
        assertThat(Http.get(sample.url("/api/throttled/policies/nope"), SampleServer.OPERATOR,
                SampleServer.OPERATOR_PASSWORD).statusCode()).isEqualTo(404);
    }

    @Test
    void theOpenApiDocumentDescribesTheAdminApi() {
        HttpResponse<String> r = Http.get(sample.url("/openapi"));

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("/api/throttled/policies/{name}", "/api/throttled/buckets/{policy}",
                "Set the runtime override of a policy, on every node", "throttled-basic");
    }
}
