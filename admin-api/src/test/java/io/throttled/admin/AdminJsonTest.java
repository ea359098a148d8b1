package io.throttled.admin;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
    void textIsEscaped() {
        assertThat(AdminJson.text(Map.of("k", "a\"b\\c\n\u0001"))).isEqualTo("{\"k\":\"a\\\"b\\\\c\\n\\u0001\"}");
    }

    @Test
    void theAnswerIsJsonText() {
        assertThat(AdminJson.ok(Map.of("removed", true)).getEntity()).isEqualTo("{\"removed\":true}");
        assertThat(AdminJson.ok(Map.of()).getMediaType().toString()).isEqualTo("application/json");
    }
}
