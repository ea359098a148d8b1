package io.throttled.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.core.Violation;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OverrideRequestTest {

    @Test
    void readsTheVocabularyInItsJsonTypes() {
        OverrideRequest r = OverrideRequest.parse("{\"algorithm\":\"gcra\",\"rate\":\"20/1s\",\"burst\":30,\"refill\":\"greedy\","
                + "\"key\":\"ip\",\"cost\":2,\"enforce\":false,\"rate\":\"21/1s\"}");

        assertThat(r.violations()).isEmpty();
        assertThat(r.fields()).containsExactlyInAnyOrderEntriesOf(Map.of("algorithm", "gcra", "rate", "21/1s", "burst", "30",
                "refill", "greedy", "key", "ip", "cost", "2", "enforce", "false"));
    }

    @Test
    void nullLeavesAFieldToConfigAndAnEmptyObjectOverridesNothing() {
        assertThat(OverrideRequest.parse("{\"rate\":null,\"cost\":3}").fields()).containsOnlyKeys("cost");
        assertThat(OverrideRequest.parse("{}").fields()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"cost\":\"two\"}              | cost      | must be a whole JSON number",
        "{\"cost\":1.5}                  | cost      | must be a whole JSON number",
        "{\"burst\":99999999999999999999} | burst    | must be a whole JSON number",
        "{\"enforce\":\"false\"}         | enforce   | must be true or false",
        "{\"rate\":10}                   | rate      | must be a JSON string",
        "{\"max-wait\":2000}             | max-wait  | must be a JSON string",
        "{\"max-waiters\":\"ten\"}       | max-waiters | must be a whole JSON number",
        "{\"lease\":true}                | lease     | must be a JSON string",
        "{\"lease-lifetime\":100}        | lease-lifetime | must be a JSON string",
        "{\"failure-mode\":false}       | failure-mode | must be a JSON string",
        "{\"algorithm\":[\"gcra\"]}      | algorithm | must be a JSON string",
        "{\"speed\":\"fast\"}            | speed     | unknown field; allowed: algorithm, rate, burst, refill, key, cost, enforce",
        "[1,2]                           | body      | must be a JSON object",
        "{\"rate\":                      | body      | is not JSON",
        "''                              | body      | is not JSON",
    })
    void namesEachBadFieldAndWhatItMustBe(String body, String field, String message) {
        OverrideRequest r = OverrideRequest.parse(body);

        assertThat(r.violations()).extracting(Violation::field).containsExactly(field);
        assertThat(r.violations().get(0).message()).startsWith(message);
    }

    @Test
    void aTierTakesOnlyTheFieldsOfItsBucketsAndANewTierAtLeastOne() {
        OverrideRequest r = OverrideRequest.parse("{\"rate\":\"5/1s\",\"count\":\"status:401\",\"exempt\":\"::1\"}");

        assertThat(r.violations()).isEmpty();
        assertThat(r.tierViolations(false)).extracting(Violation::field).containsExactlyInAnyOrder("count", "exempt");
        assertThat(r.tierViolations(false).get(0).message()).isEqualTo("a tier sets only the fields of its buckets"
                + " (algorithm, rate, burst, refill, key, cost, enforce, max-wait, max-waiters, lease, lease-lifetime);"
                + " this one is its policy's");
        assertThat(OverrideRequest.parse("{\"rate\":\"5/1s\"}").tierViolations(true)).isEmpty();
        assertThat(OverrideRequest.parse("{}").tierViolations(false)).isEmpty();   // dropping an existing tier's fields
        assertThat(OverrideRequest.parse("{}").tierViolations(true)).extracting(Violation::field).containsExactly("body");
    }

    @Test
    void readsTheWaitingFields() {
        OverrideRequest r = OverrideRequest.parse("{\"max-wait\":\"2s\",\"max-waiters\":20}");

        assertThat(r.violations()).isEmpty();
        assertThat(r.fields()).containsEntry("max-wait", "2s").containsEntry("max-waiters", "20");
        assertThat(r.tierViolations(false)).isEmpty();   // they shape buckets: a tier may set them
    }

    @Test
    void readsTheLeaseFields() {
        OverrideRequest r = OverrideRequest.parse("{\"lease\":\"auto\",\"lease-lifetime\":\"50ms\"}");

        assertThat(r.violations()).isEmpty();
        assertThat(r.fields()).containsEntry("lease", "auto").containsEntry("lease-lifetime", "50ms");
        assertThat(r.tierViolations(false)).isEmpty();   // they shape buckets: a tier may set them
    }

    @Test
    void readsTheFailureModeAsTheWholeVocabularyDoesAndRefusesItForATier() {
        OverrideRequest r = OverrideRequest.parse("{\"Failure-Mode\":\"closed\",\"rate\":\"5/1m\"}");

        assertThat(r.violations()).isEmpty();
        assertThat(r.fields()).containsEntry("failure-mode", "closed").containsEntry("rate", "5/1m");
        // a tier follows its policy's failure mode: the same refusal, the same shape, as for the call rules
        assertThat(r.tierViolations(false)).singleElement().satisfies(v -> {
            assertThat(v.field()).isEqualTo("failure-mode");
            assertThat(v.value()).isEqualTo("closed");
            assertThat(v.message()).startsWith("a tier sets only the fields of its buckets (").endsWith("); this one is its policy's")
                    .doesNotContain("failure-mode");
        });
        assertThat(OverrideRequest.parse("{\"failure-mode\":\"closed\"}", true).fields()).containsEntry("failure-mode", "closed");
    }

    @Test
    void reportsEveryBadFieldAtOnce() {
        OverrideRequest r = OverrideRequest.parse("{\"cost\":\"x\",\"enforce\":1,\"bogus\":true,\"rate\":\"5/1s\"}");

        assertThat(r.violations()).extracting(Violation::field).containsExactlyInAnyOrder("cost", "enforce", "bogus");
        assertThat(r.fields()).containsOnlyKeys("rate");
    }

    @Test
    void aNumberTheJsonReaderCannotBuildIsABadBodyNotAnError() {
        // found by OverrideRequestFuzzTest: Parsson's NumberFormatException (an exponent beyond an int) escaped parse
        OverrideRequest exponent = OverrideRequest.parse("{\"burst\":1e4111111111111111111}", true);
        OverrideRequest digits = OverrideRequest.parse("{\"burst\":" + "9".repeat(1101) + "}");

        assertThat(exponent.violations()).singleElement().satisfies(v -> {
            assertThat(v.field()).isEqualTo("body");
            assertThat(v.message()).startsWith("holds a value that cannot be read: ");
        });
        assertThat(digits.violations()).extracting(Violation::field).containsExactly("body");
    }

    @Test
    void aPriorityBeyondALongIsRefusedNotCut() {
        // 2^64 + 5 was read as 5
        OverrideRequest r = OverrideRequest.parse("{\"priority\":18446744073709551621}", true);

        assertThat(r.routeFields()).isEmpty();
        assertThat(r.violations()).singleElement().satisfies(v -> {
            assertThat(v.field()).isEqualTo("priority");
            assertThat(v.message()).isEqualTo("must be a whole JSON number");
        });
    }
}
