package io.throttled.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.core.Acquisition;
import io.throttled.core.Decision;
import io.throttled.core.FailureMode;
import io.throttled.core.Policy;
import io.throttled.redis.RedisSettings;
import io.throttled.testing.redis.RedisProcess;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A policy's own {@code failure-mode} against a real Redis that is killed: whatever the store's default
 * ({@code throttled.redis.failure-mode}), the login policy fails closed, the fairness quota open, the policy set to
 * {@code local} decides in this JVM, and the policy that sets none follows the default. Before the breaker opens
 * (the call that meets the dead connection) and after (decided at once), one call at a time and in a group.
 */
class PerPolicyFailureModeTest {
    private static final Policy LOGIN = Policy.builder("login").rate("5/1m").failureMode("closed").build();
    private static final Policy FAIRNESS = Policy.builder("fairness").rate("100/1m").failureMode("open").build();
    private static final Policy SEARCH = Policy.builder("search").rate("10/1m").failureMode("local").build();
    private static final Policy INHERITING = Policy.builder("reports").rate("10/1m").build();

    @ParameterizedTest(name = "throttled.redis.failure-mode={0}")
    @EnumSource(FailureMode.class)
    void eachPolicyGetsItsOwnModesDecisionAndTheRestTheDefault(FailureMode storeDefault) {
        Map<Policy, Decision.Origin> expected = new LinkedHashMap<>();
        expected.put(LOGIN, Decision.Origin.FAIL_CLOSED);
        expected.put(FAIRNESS, Decision.Origin.FAIL_OPEN);
        expected.put(SEARCH, Decision.Origin.LOCAL_FALLBACK);
        expected.put(INHERITING, origin(storeDefault));

        try (RedisProcess redis = RedisProcess.start();
             ResilientRateLimiter limiter = Resilient.limiter(RedisSettings.builder().url(redis.url())
                     .commandTimeout(Duration.ofMillis(200)).connectTimeout(Duration.ofMillis(200)).build(),
                     storeDefault, false)) {
            expected.keySet().forEach(p -> assertThat(limiter.acquire(p, "alice").origin()).as(p.name() + " on Redis")
                    .isEqualTo(Decision.Origin.STORE));

            redis.kill();

            for (int round = 0; round < 3; round++) {   // the breaker (5 failures) opens on the way: the same answers
                for (Map.Entry<Policy, Decision.Origin> e : expected.entrySet()) {
                    Decision d = limiter.acquire(e.getKey(), "alice");
                    assertThat(d.origin()).as(e.getKey().name() + ", round " + round).isEqualTo(e.getValue());
                    assertDecision(d);
                }
            }
            assertThat(limiter.breaker().state()).isEqualTo(CircuitBreaker.State.OPEN);

            List<Decision> group = limiter.acquireTogether(expected.keySet().stream()
                    .map(p -> new Acquisition(p, "bob", 1)).toList());
            assertThat(group).extracting(Decision::origin).as("a group, each policy by its own mode")
                    .containsExactlyElementsOf(expected.values());
            group.forEach(PerPolicyFailureModeTest::assertDecision);
        }
    }

    private static void assertDecision(Decision d) {
        switch (d.origin()) {
            case FAIL_OPEN -> assertThat(d.allowed()).isTrue();
            case FAIL_CLOSED -> assertThat(d.allowed()).isFalse();
            case LOCAL_FALLBACK -> assertThat(d.allowed()).as("the local bucket has room").isTrue();
            default -> throw new AssertionError("not a failure mode's decision: " + d);
        }
    }

    private static Decision.Origin origin(FailureMode mode) {
        return switch (mode) {
            case OPEN -> Decision.Origin.FAIL_OPEN;
            case CLOSED -> Decision.Origin.FAIL_CLOSED;
            case LOCAL -> Decision.Origin.LOCAL_FALLBACK;
        };
    }
}
