package io.throttled.sample;

import io.throttled.Throttled;
import jakarta.ejb.Stateless;
import jakarta.json.Json;
import jakarta.json.JsonBuilderFactory;
import jakarta.json.JsonObject;
import java.time.LocalDate;
import java.util.Map;

/** A stateless EJB whose method is rate-limited by the policy "report": reports are expensive. */
@Stateless
public class ReportService {
    /** One factory for every response: {@code Json.createObjectBuilder()} looks the provider up on each call. */
    private static final JsonBuilderFactory JSON = Json.createBuilderFactory(Map.of());

    @Throttled("report")
    public JsonObject dailyReport() {
        return JSON.createObjectBuilder()
                .add("report", "daily")
                .add("date", LocalDate.now().toString())
                .add("rows", 42)
                .build();
    }
}
