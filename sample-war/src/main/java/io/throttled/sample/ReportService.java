package io.throttled.sample;

import io.throttled.Throttled;
import jakarta.ejb.Stateless;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.time.LocalDate;

/** A stateless EJB whose method is rate-limited by the policy "report": reports are expensive. */
@Stateless
public class ReportService {

    @Throttled("report")
    public JsonObject dailyReport() {
        return Json.createObjectBuilder()
                .add("report", "daily")
                .add("date", LocalDate.now().toString())
                .add("rows", 42)
                .build();
    }
}
