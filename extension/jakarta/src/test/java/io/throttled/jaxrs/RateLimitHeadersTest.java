package io.throttled.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.cdi.Outcome;
import io.throttled.config.HeaderStyle;
import io.throttled.core.Decision;
import io.throttled.core.Limit;
import io.throttled.core.Policy;
import io.throttled.memory.InMemoryRateLimiter;
import io.throttled.testing.ManualClock;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class RateLimitHeadersTest {
    private static final long NOW = 1_700_000_000_000L;   // 2023-11-14T22:13:20Z
    private static final Set<HeaderStyle> BOTH = EnumSet.allOf(HeaderStyle.class);

    private static Outcome outcome(String policyName, String rate, boolean allowed, long remaining, long retry, long reset,
                                   int decidingLimit) {
        Policy policy = Policy.builder(policyName).rate(rate).build();
        Decision d = new Decision(allowed, remaining, retry, reset, policy.limits().get(decidingLimit), policyName);
        return new Outcome(policy, "k", d);
    }

    @Test
    void matchesTheDraftsSinglePolicyExample() {
        // draft-11 section 3.2 / 4.2: RateLimit-Policy: "default";q=100;w=10 and RateLimit: "default";r=50;t=30
        Map<String, String> h = RateLimitHeaders.of(EnumSet.of(HeaderStyle.IETF),
                List.of(outcome("default", "100/10s", true, 50, 0, 30_000, 0)), NOW);

        assertThat(h).containsExactly(Map.entry("RateLimit-Policy", "\"default\";q=100;w=10"),
                Map.entry("RateLimit", "\"default\";r=50;t=30"));
    }

    @Test
    void listsEveryLimitOfAPolicyAsTheDraftsMultiPolicyExampleDoes() {
        // draft-11: RateLimit-Policy: "permin";q=50;w=60,"perhr";q=1000;w=3600
        Map<String, String> h = RateLimitHeaders.of(EnumSet.of(HeaderStyle.IETF),
                List.of(outcome("api", "50/1m,1000/1h", true, 7, 0, 2_500, 1)), NOW);

        assertThat(h.get("RateLimit-Policy")).isEqualTo("\"api/1m\";q=50;w=60, \"api/1h\";q=1000;w=3600");
        assertThat(h.get("RateLimit")).isEqualTo("\"api/1h\";r=7;t=3");
    }

    @Test
    void aRequestThatMetTwoPoliciesReportsBoth() {
        Map<String, String> h = RateLimitHeaders.of(BOTH, List.of(outcome("ping", "10/1s", true, 9, 0, 100, 0),
                outcome("greeting", "5/1m", true, 1, 0, 48_000, 0)), NOW);

        assertThat(h.get("RateLimit-Policy")).isEqualTo("\"ping\";q=10;w=1, \"greeting\";q=5;w=60");
        assertThat(h.get("RateLimit")).isEqualTo("\"ping\";r=9;t=1, \"greeting\";r=1;t=48");
        // the legacy headers hold one value: the tightest decision
        assertThat(h.get("X-RateLimit-Remaining")).isEqualTo("1");
        assertThat(h.get("X-RateLimit-Reset")).isEqualTo(Long.toString(NOW / 1000 + 48));
    }

    @Test
    void legacyHeadersAreTheRedisDocsOnesWithTheBurstAsLimit() {
        Map<String, String> h = RateLimitHeaders.of(EnumSet.of(HeaderStyle.LEGACY),
                List.of(outcome("docs", "1/1s;burst=10", true, 9, 0, 1_000, 0)), NOW);

        assertThat(h).containsExactly(Map.entry("X-RateLimit-Limit", "10"), Map.entry("X-RateLimit-Remaining", "9"),
                Map.entry("X-RateLimit-Reset", "1700000001"));
    }

    @Test
    void aDeniedCallsEffectiveWindowIsItsRetryAfterAndSubSecondWindowsCountAsOne() {
        Map<String, String> h = RateLimitHeaders.of(BOTH, List.of(outcome("fast", "5/250ms", false, 0, 40, 250, 0)), NOW);

        assertThat(h.get("RateLimit-Policy")).isEqualTo("\"fast\";q=5;w=1");
        assertThat(h.get("RateLimit")).isEqualTo("\"fast\";r=0;t=1");
        assertThat(RateLimitHeaders.of(EnumSet.noneOf(HeaderStyle.class), List.of(outcome("f", "5/1s", true, 1, 0, 1, 0)), NOW))
                .isEmpty();
    }

    @Test
    void aBucketAnnouncesWhatAFullBucketHoldsSoItNeverReportsMoreRemainingThanItsQuota() {
        // the Redis docs' bucket: 10 tokens, one back per second; it once announced q=1;w=1 and then r=9
        Policy ping = Policy.builder("ping").rate("1/1s;burst=10").build();
        InMemoryRateLimiter limiter = InMemoryRateLimiter.builder().clock(ManualClock.aheadOfRealTime()).build();

        Map<String, String> h = RateLimitHeaders.of(EnumSet.of(HeaderStyle.IETF),
                List.of(new Outcome(ping, "k", limiter.acquire(ping, "k"))), NOW);

        assertThat(h).containsExactly(Map.entry("RateLimit-Policy", "\"ping\";q=10;w=10"),
                Map.entry("RateLimit", "\"ping\";r=9;t=1"));
    }

    @ParameterizedTest(name = "{0} {1} {2}: {3}")
    @CsvSource({
        // algorithm, refill, rate, announced: buckets hold their burst and refill it in burst/rate seconds
        "token-bucket,           greedy,   1/1s;burst=10,  q=10;w=10",
        "token-bucket,           greedy,   10/1s,          q=10;w=1",
        "token-bucket,           greedy,   60/1m;burst=100, q=100;w=100",
        "token-bucket,           greedy,   3/1s;burst=10,  q=10;w=4",
        "token-bucket,           greedy,   10/1s;burst=5,  q=5;w=1",
        // interval refill: whole windows, as many as the steps need to fill the bucket from empty
        "token-bucket,           interval, 1/1s;burst=10,  q=10;w=10",
        "token-bucket,           interval, 4/1s;burst=10,  q=10;w=3",
        "token-bucket,           interval, 10/1m;burst=5,  q=5;w=60",
        "gcra,                   greedy,   5/10s,          q=5;w=10",
        "gcra,                   greedy,   1/1s;burst=10,  q=10;w=10",
        "leaky-bucket,           greedy,   1/1s;burst=10,  q=10;w=10",
        "leaky-bucket,           greedy,   100/1s;burst=1, q=1;w=1",
        // windows: the quantity over the window, sub-second windows counted as one second
        "fixed-window,           greedy,   3/15s,          q=3;w=15",
        "sliding-window-log,     greedy,   5/250ms,        q=5;w=1",
        "sliding-window-counter, greedy,   1000/1h,        q=1000;w=3600",
    })
    void eachAlgorithmAnnouncesWhatItAllows(String algorithm, String refill, String rate, String announced) {
        Policy policy = Policy.builder("p").algorithm(algorithm).refill(refill).rate(rate).build();
        Decision fresh = InMemoryRateLimiter.builder().clock(ManualClock.aheadOfRealTime()).build()
                .acquire(policy, "k", 0);

        Map<String, String> h = RateLimitHeaders.of(EnumSet.of(HeaderStyle.IETF), List.of(new Outcome(policy, "k", fresh)), NOW);

        assertThat(h.get("RateLimit-Policy")).isEqualTo("\"p\";" + announced);
        // a fresh key's peek: everything the quota promises is there
        assertThat(h.get("RateLimit")).startsWith("\"p\";r=" + announced.substring(2, announced.indexOf(';')) + ";");
    }

    @Test
    void countsBeyondFifteenDigitsAreCappedAsStructuredFieldIntegersMustBe() {
        Policy huge = Policy.builder("huge").algorithm("fixed-window").rate("2000000000000000/1d").build();
        Decision d = new Decision(true, 1_999_999_999_999_999L, 0, 86_400_000, huge.limits().get(0), "huge");

        Map<String, String> h = RateLimitHeaders.of(EnumSet.of(HeaderStyle.IETF), List.of(new Outcome(huge, "k", d)), NOW);

        assertThat(h.get("RateLimit-Policy")).isEqualTo("\"huge\";q=999999999999999;w=86400");
        assertThat(h.get("RateLimit")).isEqualTo("\"huge\";r=999999999999999;t=86400");
    }

    @ParameterizedTest
    @CsvSource({"1,1", "999,1", "1000,1", "1001,2", "1999,2", "2000,2", "59001,60"})
    void retryAfterIsWholeSecondsRoundedUpAndNeverZero(long millis, long seconds) {
        Decision denied = new Decision(false, 0, millis, millis, Limit.parse("1/1m"), "p");

        assertThat(RateLimitHeaders.retryAfterSeconds(denied)).hasValue(seconds);
    }

    @Test
    void noRetryAfterWhenAllowedOrWhenWaitingCannotHelp() {
        assertThat(RateLimitHeaders.retryAfterSeconds(new Decision(true, 3, 0, 10, Limit.parse("5/1s"), "p"))).isEmpty();
        assertThat(RateLimitHeaders.retryAfterSeconds(new Decision(false, 3, Decision.NEVER, 10, Limit.parse("5/1s"), "p")))
                .isEmpty();
    }

    @Test
    void theProblemBodyIsRfc9457JsonNamingThePolicyAndTheWait() {
        Decision denied = new Decision(false, 0, 1500, 1500, Limit.parse("10/1s"), "ping");

        JsonObject body = Json.createReader(new StringReader(ProblemDetails.rateLimited(denied, "/api/demo/ping")))
                .readObject();

        assertThat(body.getString("type")).isEqualTo("https://iana.org/assignments/http-problem-types#quota-exceeded");
        assertThat(body.getString("title")).isEqualTo("Too Many Requests");
        assertThat(body.getInt("status")).isEqualTo(429);
        assertThat(body.getString("detail")).isEqualTo("Rate limit 10/1s of policy 'ping' exceeded; retry in 2 s.");
        assertThat(body.getString("instance")).isEqualTo("/api/demo/ping");
        assertThat(body.getString("policy")).isEqualTo("ping");
        assertThat(body.getInt("retryAfter")).isEqualTo(2);
        assertThat(body.getJsonArray("violated-policies").getString(0)).isEqualTo("ping");
    }

    @Test
    void theProblemBodyEscapesWhatItQuotes() {
        Decision never = new Decision(false, 0, Decision.NEVER, 0, Limit.parse("10/1s"), "p");

        JsonObject body = Json.createReader(new StringReader(ProblemDetails.rateLimited(never, "/a\"b\\c\nd")))
                .readObject();

        assertThat(body.getString("instance")).isEqualTo("/a\"b\\c\nd");
        assertThat(body.containsKey("retryAfter")).isFalse();
        assertThat(body.getString("detail")).contains("can never pass");
    }

    @Test
    void aPolicySkippedInAGroupIsAnnouncedWithoutAState() {
        // the route denied from memory; the method's policy was not asked, so its quota is known, its state not
        Outcome denied = outcome("scanner", "100/1m", false, 0, 30_000, 60_000, 0);
        Policy ping = Policy.builder("ping").rate("10/10s").build();
        Outcome skipped = new Outcome(ping, "k", Decision.skipped(ping));
        Map<String, String> h = RateLimitHeaders.of(EnumSet.of(HeaderStyle.IETF), List.of(denied, skipped), NOW);
        assertThat(h.get("RateLimit-Policy")).isEqualTo("\"scanner\";q=100;w=60, \"ping\";q=10;w=10");
        assertThat(h.get("RateLimit")).isEqualTo("\"scanner\";r=0;t=30");
    }
}
