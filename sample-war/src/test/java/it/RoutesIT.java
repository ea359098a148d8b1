package it;

import static org.assertj.core.api.Assertions.assertThat;

import it.SampleServerExtension.SampleServer;
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
                "{\"path\":\"/api/demo/free\",\"methods\":[\"GET\"],\"rate\":\"3/1m\",\"key\":\"ip\",\"priority\":5}");
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
    void aThousandUnknownPathsFromOneAddressAreLimitedByACatchAllRoute() {
        assertThat(admin("PUT", "/api/throttled/routes/scanner",
                "{\"path\":\"/api/**\",\"rate\":\"100/1m\",\"key\":\"ip\",\"exempt\":\"role:throttled-admin\"}").statusCode()).isEqualTo(200);
        int notFound = 0;
        int limited = 0;
        for (int i = 0; i < 1000; i++) {
            int status = Http.get(sample.url("/api/" + UUID.randomUUID() + "/" + i)).statusCode();
            notFound += status == 404 ? 1 : 0;
            limited += status == 429 ? 1 : 0;
        }
        // 100 per minute: the first 100 (and what refilled meanwhile) reach the 404, the rest are limited
        assertThat(notFound).isBetween(100, 140);
        assertThat(limited).isEqualTo(1000 - notFound);
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

        String explained = admin("GET", "/api/throttled/explain?method=GET&path=/api/demo/ping&user=user&role=user"
                + "&address=127.0.0.1", null).body();
        assertThat(explained).contains("\"policy\":\"ping\"", "\"tier\":\"user\"", "\"bucketPolicy\":\"ping.tier.user\"",
                "\"key\":\"u:user\"");
        String anonymousExplained = admin("GET", "/api/throttled/explain?method=GET&path=/api/demo/ping"
                + "&address=127.0.0.1&header=X-Plan:%20gold", null).body();
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
        assertThat(sample.jedis().hkeys("throttled:overrides")).noneMatch(k -> k.contains("scanner"));
    }

    private HttpResponse<String> login(String user, String password) {
        return Http.send("POST", sample.url("/api/demo/login?user=" + user), password, null, null);
    }

    private HttpResponse<String> admin(String method, String path, String json) {
        return Http.send(method, sample.url(path), json, SampleServer.OPERATOR, SampleServer.OPERATOR_PASSWORD);
    }
}
