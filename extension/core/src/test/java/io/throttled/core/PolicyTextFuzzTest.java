package io.throttled.core;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.throttled.testing.Fuzzing;
import java.util.List;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzzes the text of policies, as annotations, config and the admin API's JSON give it. Documented outcome:
 * a value, or an {@link IllegalArgumentException} (for a whole policy, an {@link InvalidPolicyException})
 * with a message; any other throwable is a finding. Input: UTF-8 text. See docs/fuzzing.md.
 */
@Timeout(5)   // per input; while fuzzing, Jazzer hands it to libFuzzer as -timeout
class PolicyTextFuzzTest {
    /** The text setters, in the order the lines of a {@link #policy} input feed them. */
    private static final List<BiConsumer<PolicyBuilder, String>> FIELDS = List.of(
            PolicyBuilder::rate, PolicyBuilder::algorithm, PolicyBuilder::burst, PolicyBuilder::refill,
            PolicyBuilder::key, PolicyBuilder::cost, PolicyBuilder::enforce, PolicyBuilder::maxWait,
            PolicyBuilder::maxWaiters, PolicyBuilder::lease, PolicyBuilder::leaseLifetime);

    @FuzzTest(maxDuration = "60s")
    void limit(byte[] input) {
        String text = new String(input, UTF_8);
        try {
            Limit limit = Limit.parse(text);
            assertThat(limit.quantity()).isPositive();
            assertThat(limit.burst()).isPositive();
            assertThat(limit.windowMillis()).isBetween(1L, Limit.MAX_WINDOW_MILLIS);
            assertThat(Limit.parse(limit.toString())).as("its own text reads back").isEqualTo(limit);
        } catch (IllegalArgumentException e) {
            documented(e);
        }
        try {
            List<Limit> limits = Limit.parseAll(text);
            assertThat(Limit.parseAll(Limit.format(limits))).isEqualTo(limits);
        } catch (IllegalArgumentException e) {
            documented(e);
        }
    }

    @FuzzTest(maxDuration = "60s")
    void keySource(byte[] input) {
        Fuzzing.readsBackOrRefuses(input, KeySource::parse, PolicyTextFuzzTest::documented);
    }

    /** Line 1 is the policy's name; the next lines feed {@link #FIELDS} in order; missing lines leave a default. */
    @FuzzTest(maxDuration = "60s")
    void policy(byte[] input) {
        String[] lines = new String(input, UTF_8).split("\n", -1);
        PolicyBuilder builder = Policy.builder(lines[0]);
        for (int i = 1; i < lines.length && i <= FIELDS.size(); i++) {
            FIELDS.get(i - 1).accept(builder, lines[i]);   // bad text is remembered, never thrown here
        }
        Policy policy;
        try {
            policy = builder.build();
        } catch (InvalidPolicyException e) {
            documented(e);
            assertThat(e.violations()).isNotEmpty().allSatisfy(v -> {
                assertThat(v.field()).isNotBlank();
                assertThat(v.message()).isNotBlank();
            });
            return;
        }
        // a valid policy's values are valid again, and its text forms read back
        assertThat(policy.toBuilder().build()).isEqualTo(policy);
        assertThat(Limit.parseAll(policy.rate())).isEqualTo(policy.limits());
        assertThat(KeySource.parse(policy.key().toString())).isEqualTo(policy.key());
    }

    /** An {@link IllegalArgumentException} itself, not a subclass such as NumberFormatException, with a message. */
    static void documented(IllegalArgumentException e) {
        if (!(e instanceof InvalidPolicyException)) {
            assertThat(e).isExactlyInstanceOf(IllegalArgumentException.class);
        }
        assertThat(e.getMessage()).isNotBlank();
    }
}
