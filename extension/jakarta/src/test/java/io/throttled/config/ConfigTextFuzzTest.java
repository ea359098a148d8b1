package io.throttled.config;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import inet.ipaddr.IPAddressString;
import io.throttled.core.Violation;
import io.throttled.key.Claims;
import io.throttled.testing.Fuzzing;
import jakarta.json.Json;
import jakarta.json.JsonReader;
import java.io.StringReader;
import java.security.Principal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzzes claim values (a JWT's content) and the operator text of call rules, tier sources and durations.
 * Documented outcome: a value, or an {@link IllegalArgumentException} itself with a message (for call rules:
 * violations, never an exception). Input: UTF-8 text. See docs/fuzzing.md.
 */
@Timeout(5)   // per input; while fuzzing, Jazzer hands it to libFuzzer as -timeout
class ConfigTextFuzzTest {
    /** The call-rule fields, in the order the lines of a {@link #callRules} input give them. */
    private static final List<PolicyField> RULES =
            List.of(PolicyField.COUNT, PolicyField.EXEMPT, PolicyField.TIER_BY, PolicyField.TIERS, PolicyField.PENALTY);

    /** The shape of MP JWT's JsonWebToken, without depending on it. */
    public interface TokenLike extends Principal {
        Object getClaim(String name);
    }

    /** Line 1 is the claim's name, the rest its value: JSON as a token carries it, else plain text. */
    @FuzzTest(maxDuration = "60s")
    void claim(byte[] input) {
        String text = new String(input, UTF_8);
        int newline = text.indexOf('\n');
        String name = newline < 0 ? text : text.substring(0, newline);
        Object value = json(newline < 0 ? "" : text.substring(newline + 1));
        TokenLike token = new TokenLike() {
            @Override
            public Object getClaim(String claim) {
                return claim.equals(name) ? value : null;
            }

            @Override
            public String getName() {
                return "alice";
            }
        };

        Optional<String> claim = Claims.of(token, name);

        claim.ifPresent(c -> assertThat(c).isNotBlank());
    }

    @FuzzTest(maxDuration = "60s")
    void tierSource(byte[] input) {
        Fuzzing.readsBackOrRefuses(input, TierSource::parse, ConfigTextFuzzTest::documented);
    }

    /** Lines: count, exempt, tier-by, tiers, penalty; a missing line leaves the field's default. */
    @FuzzTest(maxDuration = "60s")
    void callRules(byte[] input) {
        String[] lines = new String(input, UTF_8).split("\n", -1);
        Map<PolicyField, Setting> settings = new EnumMap<>(PolicyField.class);
        for (PolicyField field : PolicyField.values()) {
            int line = RULES.indexOf(field);
            String value = line >= 0 && line < lines.length ? lines[line] : field.defaultText();
            settings.put(field, new Setting(value, FieldSource.CONFIG, "fuzz"));
        }
        List<Violation> violations = new ArrayList<>();

        CallRules rules = CallRulesParser.parse(settings, false, violations);

        assertThat(rules).isNotNull();
        assertThat(violations).allSatisfy(v -> {
            assertThat(v.field()).isNotBlank();
            assertThat(v.message()).isNotBlank();
        });
        // what parsed reads back from its own text, and answers alike
        CountCondition count = CountCondition.parse(rules.count().toString());
        for (int status = 100; status < 600; status++) {
            if (count.charges(status) != rules.count().charges(status)) {
                throw new AssertionError(rules.count() + " and its own text differ on " + status);
            }
        }
        rules.exempt().exemptBy(new IPAddressString("10.1.2.3").getAddress(), role -> true);
        assertThat(Exemptions.parse(rules.exempt().toString()).isEmpty()).isEqualTo(rules.exempt().isEmpty());
    }

    @FuzzTest(maxDuration = "60s")
    void durations(byte[] input) {
        String text = new String(input, UTF_8);
        try {
            Duration duration = Durations.parse("throttled.redis.timeout", text);
            assertThat(duration.isNegative()).isFalse();
        } catch (IllegalArgumentException e) {
            documented(e);
            assertThat(e.getMessage()).contains("throttled.redis.timeout");
        }
        try {
            assertThat(Durations.positive("throttled.overrides.reread", text)).isPositive();
        } catch (IllegalArgumentException e) {
            documented(e);
        }
    }

    /** The JSON value the text holds, as a token's claim would be; the text itself when it is no JSON. */
    private static Object json(String text) {
        try (JsonReader reader = Json.createReader(new StringReader(text))) {
            return reader.readValue();   // an array is a List, as MP JWT gives groups
        } catch (RuntimeException notJson) {
            return text;   // Parsson also throws NumberFormatException, for an exponent beyond an int
        }
    }

    private static void documented(IllegalArgumentException e) {
        assertThat(e).isExactlyInstanceOf(IllegalArgumentException.class);
        assertThat(e.getMessage()).isNotBlank();
    }
}
