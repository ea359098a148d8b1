package io.throttled.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.operator.FallbackEpisode;
import io.throttled.operator.FallbackState;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AdminJsonTest {

    @Test
    void recordsBecomeObjectsAsJsonbWroteThemMapsKeepTheirOrderNullsAreLeftOut() {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("rate", new Views.SettingView("10/1s", "config", "server.xml"));
        settings.put("gone", null);
        Views.BucketView bucket = new Views.BucketView("ping", "ip:192.0.2.1", true, 3, 250, null, "10/1s");

        assertThat(AdminJson.text(List.of(bucket, settings, 1.5, false)))
                .isEqualTo("[{\"exists\":true,\"key\":\"ip:192.0.2.1\",\"limit\":\"10/1s\",\"policy\":\"ping\","
                        + "\"remaining\":3,\"resetAfterMillis\":250},"
                        + "{\"rate\":{\"origin\":\"server.xml\",\"source\":\"config\",\"value\":\"10/1s\"}},1.5,false]");
    }

    @Test
    void theFallbackStateIsSnakeCaseWithNullForNoEpisodeAndCountsInOrder() {
        Map<String, Long> byCause = new LinkedHashMap<>();
        byCause.put("timeout", 1L);
        byCause.put("connection", 0L);
        byCause.put("breaker_open", 4L);
        Map<String, Long> byMode = new LinkedHashMap<>();
        byMode.put("local", 5L);
        byMode.put("open", 0L);
        byMode.put("closed", 0L);
        FallbackEpisode running = new FallbackEpisode(Instant.parse("2025-03-01T10:15:30.250Z"), 412, "orders",
                "timeout", byMode, true);

        assertThat(AdminJson.text(Views.fallback(new FallbackState(true, Optional.of(running), Optional.empty(), 1,
                byCause, 2)))).isEqualTo("{\"redis_configured\":true,"
                + "\"running\":{\"started_at\":\"2025-03-01T10:15:30.250Z\",\"duration_millis\":412,\"policy\":\"orders\","
                + "\"first_cause\":\"timeout\",\"decided\":{\"local\":5,\"open\":0,\"closed\":0}},"
                + "\"last\":null,\"episodes\":1,"
                + "\"decided_without_redis\":{\"timeout\":1,\"connection\":0,\"breaker_open\":4},\"uncharged_keys\":2}");
        assertThat(AdminJson.text(Views.fallback(FallbackState.withoutRedis()))).isEqualTo("{\"redis_configured\":false,"
                + "\"running\":null,\"last\":null,\"episodes\":0,"
                + "\"decided_without_redis\":{\"timeout\":0,\"connection\":0,\"breaker_open\":0},\"uncharged_keys\":0}");
    }

    @Test
    void textIsEscaped() {
        assertThat(AdminJson.text(Map.of("k", "a\"b\\c\n\u0001"))).isEqualTo("{\"k\":\"a\\\"b\\\\c\\n\\u0001\"}");
    }

    @Test
    void theAnswerIsJsonText() {
        assertThat(AdminJson.ok(Map.of("removed", true)).getEntity()).isEqualTo("{\"removed\":true}");
        assertThat(AdminJson.ok(Map.of()).getMediaType().toString()).isEqualTo("application/json");
    }
}
