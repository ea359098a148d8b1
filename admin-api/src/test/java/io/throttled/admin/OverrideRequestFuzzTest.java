package io.throttled.admin;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.throttled.operator.Policies;
import io.throttled.operator.Routes;
import jakarta.json.Json;
import jakarta.json.JsonNumber;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzzes the JSON body of the admin API's policy and route overrides. Documented outcome: an
 * {@link OverrideRequest}, with a violation for each thing wrong; never an exception. A number it keeps is
 * the number the body holds. Input: the body as UTF-8 text. See docs/fuzzing.md.
 */
@Timeout(5)   // per input; while fuzzing, Jazzer hands it to libFuzzer as -timeout
class OverrideRequestFuzzTest {

    @FuzzTest(maxDuration = "60s")
    void parse(byte[] input) {
        String body = new String(input, UTF_8);
        for (boolean route : new boolean[] {false, true}) {
            OverrideRequest request = OverrideRequest.parse(body, route);

            assertThat(request.violations()).allSatisfy(v -> {
                assertThat(v.field()).isNotNull();
                assertThat(v.value()).isNotNull();
                assertThat(v.message()).isNotBlank();
            });
            assertThat(request.fields()).doesNotContainValue(null);
            assertThat(request.routeFields()).doesNotContainValue(null);
            if (!route) {
                assertThat(request.routeFields()).isEmpty();
            }
            numbersKept(body, request, route);
            request.tierViolations(true);
        }
    }

    /**
     * Each whole number the request kept (burst, cost, max-waiters, priority) is one the body sent for that field,
     * never rounded or cut. Names are read in any case, so several members may name one field.
     */
    private static void numbersKept(String body, OverrideRequest request, boolean route) {
        JsonValue json;
        try (JsonReader reader = Json.createReader(new StringReader(body))) {
            json = reader.readValue();
        } catch (RuntimeException unreadable) {
            return;   // parse said so in a violation
        }
        if (json.getValueType() != JsonValue.ValueType.OBJECT) {
            return;
        }
        Map<String, List<BigDecimal>> sent = new HashMap<>();
        for (Map.Entry<String, JsonValue> member : json.asJsonObject().entrySet()) {
            String field = member.getKey().toLowerCase(Locale.ROOT);
            boolean known = route && Routes.fields().contains(field) || Policies.fields().contains(field);
            if (known && member.getValue() instanceof JsonNumber number) {
                sent.computeIfAbsent(field, f -> new ArrayList<>()).add(number.bigDecimalValue());
            }
        }
        for (String field : List.of("burst", "cost", "max-waiters")) {
            check(request.fields().get(field), sent.get(field));
        }
        check(request.routeFields().get("priority"), sent.get("priority"));
    }

    private static void check(String kept, List<BigDecimal> sent) {
        if (kept != null) {
            assertThat(sent).as("numbers sent for %s", kept).isNotNull()
                    .anySatisfy(number -> assertThat(new BigDecimal(kept)).isEqualByComparingTo(number));
        }
    }
}
