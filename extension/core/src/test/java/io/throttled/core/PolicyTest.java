package io.throttled.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PolicyTest {

    @Test
    void defaultsToAGreedyTokenBucketKeyedByPrincipalOrIpCostingOne() {
        Policy policy = Policy.builder("api").rate("10/1s").build();

        assertThat(policy.algorithm()).isEqualTo(Algorithm.TOKEN_BUCKET);
        assertThat(policy.refill()).isEqualTo(Refill.GREEDY);
        assertThat(policy.key()).isEqualTo(KeySource.DEFAULT);
        assertThat(policy.cost()).isEqualTo(1);
        assertThat(policy.enforce()).isTrue();
        assertThat(policy.rate()).isEqualTo("10/1s");
    }

    @Test
    void takesEveryFieldFromText() {
        Policy policy = Policy.builder("reports").algorithm("GCRA").rate("60/1m").burst("100").key("header:X-Api-Key")
                .cost("2").enforce("false").build();

        assertThat(policy.algorithm()).isEqualTo(Algorithm.GCRA);
        assertThat(policy.limits()).containsExactly(Limit.parse("60/1m;burst=100"));
        assertThat(policy.key()).hasToString("header:X-Api-Key");
        assertThat(policy.cost()).isEqualTo(2);
        assertThat(policy.enforce()).isFalse();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "algorithm | gcrax       | algorithm 'gcrax': unknown algorithm 'gcrax'; allowed: token-bucket, gcra, fixed-window, sliding-window-log, sliding-window-counter, leaky-bucket",
        "rate      | 0/1s        | rate '0/1s': '0/1s' is not a limit: quantity 0 must be at least 1",
        "rate      | 10/0ms      | rate '10/0ms': '10/0ms' is not a limit: window 0ms must be at least 1ms",
        "rate      | 10 per sec  | rate '10 per sec': '10 per sec' is not a limit: expected quantity/window",
        "burst     | 0           | burst '0': must be at least 1",
        "burst     | -4          | burst '-4': must be at least 1",
        "burst     | many        | burst 'many': must be a whole number, at least 1",
        "refill    | lazy        | refill 'lazy': unknown refill 'lazy'; allowed: greedy, interval",
        "key       | cookie      | key 'cookie': unknown key source 'cookie'; allowed: principal-or-ip, principal, ip, global, header:<Name>, bean:<name>",
        "key       | header:     | key 'header:': 'header:' does not name a valid HTTP header",
        "cost      | 0           | cost '0': must be at least 1 (0 is reserved for peeks)",
        "cost      | -1          | cost '-1': must be at least 1 (0 is reserved for peeks)",
        "cost      | 1.5         | cost '1.5': must be a whole number, at least 1",
        "enforce   | yes         | enforce 'yes': must be true or false",
        "failure-mode | sometimes | failure-mode 'sometimes': is not a failure mode; allowed: open, closed, local",
        "failure-mode | ''        | failure-mode '': is not a failure mode; allowed: open, closed, local",
    })
    void rejectsEachBadFieldNamingTheFieldAndTheValue(String field, String value, String message) {
        PolicyBuilder builder = Policy.builder("api").rate("10/1s");
        switch (field) {
            case "algorithm" -> builder.algorithm(value);
            case "rate" -> builder.rate(value);
            case "burst" -> builder.burst(value);
            case "refill" -> builder.refill(value);
            case "key" -> builder.key(value);
            case "cost" -> builder.cost(value);
            case "enforce" -> builder.enforce(value);
            case "failure-mode" -> builder.failureMode(value);
            default -> throw new IllegalArgumentException(field);
        }

        InvalidPolicyException e = catchThrowableOfType(InvalidPolicyException.class, builder::build);

        assertThat(e.violations()).extracting(Violation::field).containsExactly(field);
        assertThat(e.violations().get(0).toString()).startsWith(message);
        assertThat(e).hasMessageStartingWith("policy 'api' is invalid: " + message);
    }

    @Test
    void reportsEveryProblemAtOnce() {
        InvalidPolicyException e = catchThrowableOfType(InvalidPolicyException.class,
                () -> Policy.builder("api").algorithm("nope").rate("10/1x").cost("-2").enforce("maybe").build());

        assertThat(e.violations()).extracting(Violation::field)
                .containsExactlyInAnyOrder("algorithm", "rate", "cost", "enforce");
    }

    @Test
    void rejectsCombinationsThatMeanNothing() {
        assertThat(violations(Policy.builder("a").algorithm(Algorithm.GCRA).rate("10/1s").refill(Refill.INTERVAL)))
                .containsExactly("refill 'interval': applies only to token-bucket, not gcra");
        assertThat(violations(Policy.builder("a").algorithm(Algorithm.FIXED_WINDOW).rate("10/1s;burst=20")))
                .containsExactly("burst '20': applies only to token-bucket, gcra and leaky-bucket, not fixed-window"
                        + " (limit 10/1s;burst=20)");
        assertThat(violations(Policy.builder("a").rate("10/1s").cost(11)))
                .containsExactly("cost '11': exceeds the burst 10 of limit 10/1s: no call could ever pass");
        assertThat(violations(Policy.builder("a").rate("10/1s,20/1000ms")))
                .containsExactly("rate '10/1s,20/1s': two limits share the window 1s; merge them into one");
        assertThat(violations(Policy.builder("a").rate("10/1s,100/1m").burst(5)))
                .containsExactly("burst '5': a policy with several limits takes ';burst=n' on each limit instead");
        assertThat(violations(Policy.builder("a").rate("1/1s,2/2s,3/3s,4/4s,5/5s,6/6s,7/7s,8/8s,9/9s")))
                .containsExactly("rate '1/1s,2/2s,3/3s,4/4s,5/5s,6/6s,7/7s,8/8s,9/9s': at most 8 limits per policy");
    }

    @Test
    void rejectsNamesThatWouldBreakKeys() {
        for (String name : new String[] {"", "a b", "a{b}", "a:b", "*", "-x"}) {
            assertThat(violations(Policy.builder(name).rate("1/1s")))
                    .as(name).singleElement().asString().startsWith("name '" + name + "'");
        }
        assertThat(Policy.builder("com.example.Demo.ping").rate("1/1s").build().name())
                .isEqualTo("com.example.Demo.ping");
    }

    @Test
    void rejectsLimitsBeyondExactArithmeticWithAWayOut() {
        assertThat(violations(Policy.builder("a").algorithm(Algorithm.GCRA).rate("7/30d;burst=1000000")))
                .singleElement().asString()
                .startsWith("rate '7/30d;burst=1000000': gcra needs burst × window µs ÷ gcd(window µs, quantity) below 2^51")
                .endsWith("lower the burst or use a quantity that divides the window");
        assertThat(violations(Policy.builder("a").algorithm(Algorithm.SLIDING_WINDOW_LOG).rate("20000/1m")))
                .singleElement().asString().contains("use sliding-window-counter for large limits");
        // the extremes the engine promises stay inside
        Policy.builder("a").algorithm(Algorithm.GCRA).rate("100000000/1s").build();
        Policy.builder("a").algorithm(Algorithm.TOKEN_BUCKET).rate("1000/1s;burst=1000000000000").build();
        Policy.builder("a").algorithm(Algorithm.LEAKY_BUCKET).rate("1/30d").build();
        Policy.builder("a").algorithm(Algorithm.SLIDING_WINDOW_COUNTER).rate("100000/30d").build();
    }

    @ParameterizedTest
    @CsvSource({"open, OPEN", "CLOSED, CLOSED", " Local , LOCAL", "oPeN, OPEN"})
    void takesAFailureModeInAnyCase(String text, FailureMode mode) {
        Policy policy = Policy.builder("login").rate("5/1m").failureMode(text).build();

        assertThat(policy.failureMode()).isEqualTo(mode);
        assertThat(policy.failureModeOr(FailureMode.LOCAL)).isEqualTo(mode);
        assertThat(policy.toBuilder().build()).isEqualTo(policy);   // toBuilder keeps it
    }

    @Test
    void withoutAFailureModeAPolicyFollowsTheStoresDefault() {
        Policy policy = Policy.builder("api").rate("10/1s").build();

        assertThat(policy.failureMode()).isNull();
        for (FailureMode storeDefault : FailureMode.values()) {
            assertThat(policy.failureModeOr(storeDefault)).isEqualTo(storeDefault);
        }
        assertThat(policy.toBuilder().failureMode(FailureMode.CLOSED).build()).isNotEqualTo(policy)
                .extracting(Policy::failureMode).isEqualTo(FailureMode.CLOSED);
        assertThat(policy.toBuilder().failureMode(FailureMode.CLOSED).failureMode((FailureMode) null).build())
                .isEqualTo(policy);
    }

    @Test
    void aBadFailureModeIsReportedWithTheOtherProblems() {
        InvalidPolicyException e = catchThrowableOfType(InvalidPolicyException.class,
                () -> Policy.builder("api").rate("10/1s").failureMode("fail-open").cost("-1").build());

        assertThat(e.violations()).extracting(Violation::field).containsExactlyInAnyOrder("failure-mode", "cost");
        assertThat(e).hasMessageContaining("failure-mode 'fail-open'").hasMessageContaining("open, closed, local");
    }

    @Test
    void aBuiltPolicyCanBeChanged() {
        Policy policy = Policy.builder("api").rate("10/1s").build();

        Policy changed = policy.toBuilder().algorithm(Algorithm.FIXED_WINDOW).rate("5/1m").build();

        assertThat(changed.name()).isEqualTo("api");
        assertThat(changed.algorithm()).isEqualTo(Algorithm.FIXED_WINDOW);
        assertThat(changed.rate()).isEqualTo("5/1m");
    }

    @Test
    void theRecordConstructorChecksToo() {
        assertThatThrownBy(() -> new Policy("api", Algorithm.GCRA, java.util.List.of(), Refill.GREEDY,
                KeySource.DEFAULT, 1, true))
                .isInstanceOf(InvalidPolicyException.class)
                .hasMessage("policy 'api' is invalid: rate '': at least one limit is required, e.g. 10/1s");
    }

    private static java.util.List<String> violations(PolicyBuilder builder) {
        InvalidPolicyException e = catchThrowableOfType(InvalidPolicyException.class, builder::build);
        assertThat(e).as("expected the policy to be rejected").isNotNull();
        return e.violations().stream().map(Violation::toString).toList();
    }

    @Test
    void theWindowAlgorithmsRefuseMaxWaitWithTheReason() {
        for (String algorithm : new String[] {"fixed-window", "sliding-window-log", "sliding-window-counter"}) {
            assertThatThrownBy(() -> Policy.builder("w").algorithm(algorithm).rate("10/1s").maxWait("2s").build())
                    .isInstanceOf(InvalidPolicyException.class)
                    .hasMessageContaining("max-wait '2s': " + algorithm + " cannot wait")
                    .hasMessageContaining("use token-bucket, gcra or leaky-bucket to wait");
        }
        assertThat(Policy.builder("w").algorithm("fixed-window").rate("10/1s").maxWait("0").build().waiting().waits())
                .isFalse();
    }

    @Test
    void maxWaitAndMaxWaitersAreCheckedAndNamed() {
        Policy policy = Policy.builder("w").algorithm("gcra").rate("10/1s").maxWait("250ms").maxWaiters("20").build();
        assertThat(policy.waiting()).isEqualTo(new io.throttled.core.Waiting(250, 20));
        assertThat(policy.toBuilder().build()).isEqualTo(policy);

        assertThatThrownBy(() -> Policy.builder("w").rate("10/1s").maxWait("2x").maxWaiters("-1").build())
                .hasMessageContaining("max-wait '2x': is not a duration: unknown time unit 'x'; accepted forms: 0 (never wait)")
                .hasMessageContaining("max-waiters '-1': must be 0 (no bound beyond max-wait) up to 1000000");
        assertThatThrownBy(() -> Policy.builder("w").rate("10/1s").maxWait("2h").build())
                .hasMessageContaining("max-wait '2h': must be 0 (never wait) up to 1h");
        assertThatThrownBy(() -> Policy.builder("w").rate("99999989/1s").maxWait("1h").build())
                .hasMessageContaining("leaves the exact range");
    }

    @Test
    void aDurationTooLongToCountIsNamedNotAnOverflow() {
        // found by PolicyTextFuzzTest: 12 digits of days overflowed a long, and ArithmeticException escaped the builder
        assertThatThrownBy(() -> Policy.builder("w").rate("10/1s").maxWait("999999999999d").leaseLifetime("999999999999d").build())
                .isExactlyInstanceOf(InvalidPolicyException.class)
                .hasMessageContaining("max-wait '999999999999d': is not a duration: '999999999999d' is too long to count in milliseconds")
                .hasMessageContaining("lease-lifetime '999999999999d': is not a duration: '999999999999d' is too long");
    }
}
