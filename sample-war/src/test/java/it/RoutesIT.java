package it;

import static org.assertj.core.api.Assertions.assertThat;

import it.SampleServerExtension.SampleServer;
import jakarta.json.Json;
import java.io.StringReader;
import java.net.http.HttpResponse;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Operators' limits without code, on the sample: route policies from the admin API, failure-only counting,
 * exemptions, tiers, and the explain endpoint agreeing with what the filter does.
 */
@ExtendWith(SampleServerExtension.class)
class RoutesIT {
    private SampleServer sample;

    @BeforeEach
    void fresh(SampleServer sample) {
        this.sample = sample;
        sample.reset();
    }

    @AfterEach
    void dropRoutes() {
        for (String route : new String[] {"free-burst", "scanner"}) {
            admin("DELETE", "/api/throttled/routes/" + route, null);
        }
    }

    @Test
    void aRouteAddedAtRuntimeLimitsAnUnannotatedEndpointAndRemovingItLiftsTheLimit() {
        for (int i = 0; i < 5; i++) {
            assertThat(Http.get(sample.url("/api/demo/free")).statusCode()).isEqualTo(200);
        }
        HttpResponse<String> put = admin("PUT", "/api/throttled/routes/free-burst",
                "{\"path\":\"/api/demo/free\",\"methods\":[\"GET\"],\"rate\":\"3/1h\",\"key\":\"ip\",\"priority\":5}");   // 3/1h: no refill on a slow machine
        assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
        assertThat(put.body()).contains("\"path\":\"/api/demo/free\"", "\"runtime\":true");

        int admitted = 0;
        HttpResponse<String> last = null;
        for (int i = 0; i < 6; i++) {
            last = Http.get(sample.url("/api/demo/free"));
            admitted += last.statusCode() == 200 ? 1 : 0;
        }
        assertThat(admitted).isEqualTo(3);
        assertThat(last.statusCode()).isEqualTo(429);
        assertThat(last.body()).contains("\"violated-policies\":[\"free-burst\"]");
        assertThat(Http.header(last, "RateLimit-Policy")).contains("\"free-burst\"");

        assertThat(admin("DELETE", "/api/throttled/routes/free-burst", null).body()).contains("\"removed\":true");
        assertThat(Http.get(sample.url("/api/demo/free")).statusCode()).isEqualTo(200);
    }

    @Test
    void aRouteAndTheMethodsOwnPolicyAreDecidedAllOrNone() {
        assertThat(admin("PUT", "/api/throttled/routes/free-burst",
                "{\"path\":\"/api/demo/ping\",\"rate\":\"2/1m\",\"key\":\"ip\",\"priority\":5}").statusCode()).isEqualTo(200);
        assertThat(Http.get(sample.url("/api/demo/ping")).statusCode()).isEqualTo(200);
        HttpResponse<String> second = Http.get(sample.url("/api/demo/ping"));
        assertThat(Http.header(second, "RateLimit-Policy")).contains("\"free-burst\"", "\"ping\"", "\"api-per-ip\"");
        for (int i = 0; i < 3; i++) {
            HttpResponse<String> denied = Http.get(sample.url("/api/demo/ping"));
            assertThat(denied.statusCode()).isEqualTo(429);
            assertThat(denied.body()).contains("\"violated-policies\":[\"free-burst\"]");
        }
        // the route's three denials spent nothing of ping's bucket of 10 (1 a second comes back): 8, not 5
        String bucket = admin("GET", "/api/throttled/buckets/ping/127.0.0.1", null).body();
        long remaining = Json.createReader(new StringReader(bucket)).readObject().getJsonNumber("remaining").longValue();
        assertThat(remaining).as(bucket).isBetween(8L, 9L);
    }

    @Test
    void aThousandUnknownPathsFromOneAddressAreLimitedByACatchAllRoute() {
        assertThat(admin("PUT", "/api/throttled/routes/scanner",
                "{\"path\":\"/api/**\",\"rate\":\"100/1h\",\"key\":\"ip\",\"exempt\":\"role:throttled-admin\"}").statusCode()).isEqualTo(200);
        int notFound = 0;
        int limited = 0;
        for (int i = 0; i < 1000; i++) {
            int status = Http.get(sample.url("/api/" + UUID.randomUUID() + "/" + i)).statusCode();
            notFound += status == 404 ? 1 : 0;
            limited += status == 429 ? 1 : 0;
        }
        // 100 per hour: the first 100 reach the 404, the rest are limited. Per minute, a token came back every
        // 0.6 s, and a slow machine let one in before the last request below (a 404 where the 429 was expected).
        assertThat(notFound).isBetween(100, 102);
        assertThat(limited).isEqualTo(1000 - notFound);

        String explained = explain("method=GET&path=/api/wp-login.php&address=127.0.0.1");
        assertThat(explained).contains("\"policy\":\"scanner\"", "\"policy\":\"api-per-ip\"", "\"key\":\"ip:127.0.0.1\"")
                .doesNotContain("\"annotation\"", "resourceMethod");   // no resource takes the path
        HttpResponse<String> scanned = Http.get(sample.url("/api/wp-login.php"));
        assertThat(scanned.statusCode()).isEqualTo(429);
        assertThat(Http.header(scanned, "RateLimit-Policy")).contains("\"scanner\"", "\"api-per-ip\"");
    }

    @Test
    void failedLoginsDrainTheAccountWhileGoodLoginsCostNothing() {
        for (int i = 0; i < 10; i++) {
            assertThat(login("mallory-target", "wrong").statusCode()).isEqualTo(401);
        }
        HttpResponse<String> eleventh = login("mallory-target", "wrong");
        assertThat(eleventh.statusCode()).isEqualTo(429);
        assertThat(eleventh.body()).contains("\"violated-policies\":[\"login\"]");

        for (int i = 0; i < 100; i++) {
            assertThat(login("user-" + (i % 5), "open-sesame").statusCode()).as("good login " + i).isEqualTo(200);
        }
        HttpResponse<String> peek = admin("GET", "/api/throttled/buckets/login/acct:user-0", null);
        assertThat(peek.body()).contains("\"remaining\":10");

        String explained = explain("method=POST&path=/api/demo/login&address=127.0.0.1&param=user=mallory-target");
        assertThat(explained).contains("\"resourceMethod\":\"io.throttled.sample.DemoResource#login\"",
                "\"source\":\"annotation\"", "\"policy\":\"login\"", "\"key\":\"acct:mallory-target\"",
                "\"count\":\"status:401\"", "\"policy\":\"api-per-ip\"");
        assertThat(admin("GET", "/api/throttled/buckets/login/acct:mallory-target", null).body())
                .contains("\"remaining\":0");   // the key explain named is the bucket the failures drained
    }

    @Test
    void anExemptRoleAndAnExemptAddressAreNeverLimited() {
        for (int i = 0; i < 15; i++) {
            HttpResponse<String> r = Http.send("POST", sample.url("/api/demo/login?user=victim"), "wrong",
                    SampleServer.OPERATOR, SampleServer.OPERATOR_PASSWORD);
            assertThat(r.statusCode()).isEqualTo(401);
            assertThat(Http.header(r, "RateLimit")).isNull();   // an exempt call carries no rate-limit headers
        }
        assertThat(admin("PUT", "/api/throttled/routes/free-burst",
                "{\"path\":\"/api/demo/free\",\"rate\":\"1/1m\",\"key\":\"ip\",\"exempt\":\"127.0.0.0/8,::1\"}").statusCode())
                .isEqualTo(200);
        for (int i = 0; i < 5; i++) {
            assertThat(Http.get(sample.url("/api/demo/free")).statusCode()).isEqualTo(200);
        }
        assertThat(explain("method=GET&path=/api/demo/free&address=127.0.0.1"))
                .contains("\"policy\":\"free-burst\"", "\"decided\":false", "\"exemptBy\":\"127.0.0.0/8\"");
        assertThat(explain("method=POST&path=/api/demo/login&user=operator&role=throttled-admin&address=127.0.0.1&param=user=victim"))
                .contains("\"policy\":\"login\"", "\"exemptBy\":\"role:throttled-admin\"");
    }

    @Test
    void callersOfDifferentTiersGetTheirTiersLimits() {
        HttpResponse<String> user = Http.get(sample.url("/api/demo/ping"), SampleServer.USER, SampleServer.USER_PASSWORD);
        HttpResponse<String> operator = Http.get(sample.url("/api/demo/ping"), SampleServer.OPERATOR,
                SampleServer.OPERATOR_PASSWORD);
        HttpResponse<String> anonymous = Http.get(sample.url("/api/demo/ping"));
        assertThat(Http.header(user, "RateLimit-Policy")).contains("\"ping.tier.user\"");
        assertThat(Http.header(operator, "RateLimit-Policy")).contains("\"ping.tier.operator\"");
        assertThat(Http.header(anonymous, "RateLimit-Policy")).contains("\"ping\"").doesNotContain("tier");
        int admitted = 0;
        for (int i = 0; i < 10; i++) {
            admitted += Http.get(sample.url("/api/demo/ping"), SampleServer.USER, SampleServer.USER_PASSWORD)
                    .statusCode() == 200 ? 1 : 0;
        }
        assertThat(admitted).as("the user tier holds 5, one taken already").isBetween(4, 6);

        String explained = explain("method=GET&path=/api/demo/ping&user=user&role=user&address=127.0.0.1");
        assertThat(explained).contains("\"policy\":\"ping\"", "\"tier\":\"user\"", "\"bucketPolicy\":\"ping.tier.user\"",
                "\"key\":\"u:user\"");
        String anonymousExplained = explain("method=GET&path=/api/demo/ping&address=127.0.0.1");
        assertThat(anonymousExplained).contains("\"tier\":\"default\"", "\"key\":\"ip:127.0.0.1\"");
    }

    @Test
    void badRoutesAreRefusedAndNothingIsStored() {
        HttpResponse<String> outside = admin("PUT", "/api/throttled/routes/scanner", "{\"path\":\"/static/**\",\"rate\":\"1/1s\"}");
        assertThat(outside.statusCode()).isEqualTo(400);
        assertThat(outside.body()).contains("can never match");
        HttpResponse<String> badRate = admin("PUT", "/api/throttled/routes/scanner", "{\"path\":\"/api/**\",\"rate\":\"lots\"}");
        assertThat(badRate.statusCode()).isEqualTo(400);
        assertThat(admin("GET", "/api/throttled/routes/scanner", null).statusCode()).isEqualTo(404);
        HttpResponse<String> badTier = admin("PUT", "/api/throttled/policies/ping.tier.user", "{\"rate\":\"lots\"}");
        assertThat(badTier.statusCode()).isEqualTo(400);
        assertThat(badTier.body()).contains("lots");
        HttpResponse<String> callRuleOnTier = admin("PUT", "/api/throttled/policies/ping.tier.user",
                "{\"rate\":\"5/1s\",\"exempt\":\"10.0.0.0/8\"}");
        assertThat(callRuleOnTier.statusCode()).isEqualTo(400);
        assertThat(callRuleOnTier.body()).contains("a tier sets only the fields of its buckets");
        assertThat(sample.jedis().hkeys("throttled:overrides")).noneMatch(k -> k.contains("scanner") || k.contains("tier"));

        HttpResponse<String> tier = admin("PUT", "/api/throttled/policies/ping.tier.user", "{\"rate\":\"7/1m\"}");
        assertThat(tier.statusCode()).as(tier.body()).isEqualTo(200);
        assertThat(Http.header(Http.get(sample.url("/api/demo/ping"), SampleServer.USER, SampleServer.USER_PASSWORD),
                "RateLimit-Policy")).contains("\"ping.tier.user\";q=7;w=60");
        assertThat(admin("DELETE", "/api/throttled/policies/ping.tier.user", null).statusCode()).isEqualTo(200);
    }

    private String explain(String query) {
        HttpResponse<String> r = admin("GET", "/api/throttled/explain?" + query, null);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return r.body();
    }

    private HttpResponse<String> login(String user, String password) {
        return Http.send("POST", sample.url("/api/demo/login?user=" + user), password, null, null);
    }

    private HttpResponse<String> admin(String method, String path, String json) {
        return Http.send(method, sample.url(path), json, SampleServer.OPERATOR, SampleServer.OPERATOR_PASSWORD);
    }
}
