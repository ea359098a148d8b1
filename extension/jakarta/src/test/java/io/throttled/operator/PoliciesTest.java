package io.throttled.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.throttled.ThrottledException;
import io.throttled.cdi.TestConfig;
import io.throttled.config.FieldSource;
import io.throttled.config.PolicyField;
import io.throttled.core.FailureMode;
import io.throttled.core.InvalidPolicyException;
import io.throttled.core.Violation;
import java.util.Arrays;
import java.util.Map;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Reading policies and storing their overrides, as an operator's tool does through the bean. */
class PoliciesTest {

    @AfterEach
    void clear() {
        OperatorContainer.clear();
    }

    @Test
    void everyPolicyWithWhereEachSettingCameFrom() {
        TestConfig.set("throttled.policy.greet.algorithm", "gcra");
        TestConfig.set("throttled.route.api.path", "/**");
        TestConfig.set("throttled.route.api.rate", "100/1s");
        try (WeldContainer cdi = OperatorContainer.boot()) {
            Policies policies = cdi.select(Policies.class).get();

            assertThat(policies.all()).extracting(p -> p.policy().name()).containsExactly("api", "greet");
            PolicyState greet = policies.find("greet").orElseThrow();
            assertThat(greet.settings().keySet()).containsExactlyElementsOf(Policies.fields());
            assertThat(greet.settings().get("rate")).extracting(EffectiveSetting::value, EffectiveSetting::source)
                    .containsExactly("3/1d", "annotation");
            assertThat(greet.settings().get("algorithm")).isEqualTo(new EffectiveSetting("gcra", "config", "test-config"));
            assertThat(greet.overridden()).isFalse();
            assertThat(policies.find("nothing")).isEmpty();
            assertThat(policies.routeOf("api")).contains("api");
            assertThat(policies.routeOf("greet")).isEmpty();
        }
    }

    @Test
    void anOverrideHoldsAtOnceAndItsDropGivesConfigBack() {
        try (WeldContainer cdi = OperatorContainer.boot()) {
            Policies policies = cdi.select(Policies.class).get();
            OperatorContainer.Greeter greeter = cdi.select(OperatorContainer.Greeter.class).get();

            PolicyState overridden = policies.override("greet", Map.of("RATE", "1/1d")).orElseThrow();

            assertThat(overridden.policy().rate()).isEqualTo("1/1d");
            assertThat(overridden.settings().get("rate").overridden()).isTrue();
            assertThat(overridden.overridden()).isTrue();
            greeter.greet("a");
            assertThatThrownBy(() -> greeter.greet("a")).isInstanceOf(ThrottledException.class);

            PolicyState dropped = policies.dropOverride("greet").orElseThrow();
            assertThat(dropped.policy().rate()).isEqualTo("3/1d");
            assertThat(dropped.overridden()).isFalse();
        }
    }

    @Test
    void anInvalidOverrideNamesEveryBadValueAndStoresNothing() {
        try (WeldContainer cdi = OperatorContainer.boot()) {
            Policies policies = cdi.select(Policies.class).get();

            assertThatThrownBy(() -> policies.override("greet", Map.of("rate", "often", "cost", "-1")))
                    .isInstanceOfSatisfying(InvalidPolicyException.class, e -> assertThat(e.violations())
                            .extracting(Violation::field).containsExactlyInAnyOrder("rate", "cost"));
            assertThat(policies.find("greet").orElseThrow().overridden()).isFalse();
            assertThatThrownBy(() -> policies.override("greet", Map.of("speed", "fast")))
                    .isExactlyInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown field 'speed'");
            assertThatThrownBy(() -> policies.override("nothing", Map.of("rate", "1/1s")))
                    .isExactlyInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void aRoutesPolicyIsChangedThroughTheRoute() {
        TestConfig.set("throttled.route.api.path", "/**");
        TestConfig.set("throttled.route.api.rate", "100/1s");
        try (WeldContainer cdi = OperatorContainer.boot()) {
            Policies policies = cdi.select(Policies.class).get();

            assertThat(policies.routeOf("api.tier.gold")).contains("api");
            assertThatThrownBy(() -> policies.override("api", Map.of("rate", "1/1s")))
                    .isExactlyInstanceOf(IllegalArgumentException.class).hasMessageContaining("route api's policy");
        }
    }

    @Test
    void theFirstOverrideOfATierCreatesItAndItsDropRemovesIt() {
        try (WeldContainer cdi = OperatorContainer.boot()) {
            Policies policies = cdi.select(Policies.class).get();
            assertThat(Policies.isTier("greet.tier.gold")).isTrue();
            assertThat(Policies.isTier("greet")).isFalse();
            assertThat(policies.find("greet.tier.gold")).isEmpty();
            assertThat(policies.newTier("greet.tier.gold")).hasValueSatisfying(t -> assertThat(t.policy().rate()).isEqualTo("3/1d"));
            assertThat(policies.newTier("greet.tier.default")).isEmpty();

            assertThat(policies.override("greet.tier.gold", Map.of("rate", "30/1d"))).hasValueSatisfying(
                    t -> assertThat(t.policy().rate()).isEqualTo("30/1d"));
            assertThat(policies.find("greet").orElseThrow().tiers()).containsExactly("gold");
            assertThat(policies.newTier("greet.tier.gold")).isEmpty();

            assertThat(policies.dropOverride("greet.tier.gold")).isEmpty();
            assertThat(policies.find("greet").orElseThrow().tiers()).isEmpty();
        }
    }

    @Test
    void aPolicysFailureModeIsItsOwnOrTheStoresDefaultSayingWhich() {
        TestConfig.set("throttled.redis.failure-mode", "open");
        TestConfig.set("throttled.policy.login.rate", "5/1m");
        TestConfig.set("throttled.policy.login.failure-mode", "closed");
        try (WeldContainer cdi = OperatorContainer.boot()) {
            Policies policies = cdi.select(Policies.class).get();

            PolicyState greet = policies.find("greet").orElseThrow();
            assertThat(greet.failureMode()).isEqualTo(FailureMode.OPEN);
            assertThat(greet.settings().get("failure-mode"))
                    .isEqualTo(new EffectiveSetting("open", "default", "throttled.redis.failure-mode"));
            PolicyState login = policies.find("login").orElseThrow();
            assertThat(login.failureMode()).isEqualTo(FailureMode.CLOSED);
            assertThat(login.settings().get("failure-mode")).isEqualTo(new EffectiveSetting("closed", "config", "test-config"));
        }
    }

    @Test
    void anOverrideOfTheFailureModeIsValidatedAndHoldsAtOnce() {
        try (WeldContainer cdi = OperatorContainer.boot()) {
            Policies policies = cdi.select(Policies.class).get();
            assertThat(policies.find("greet").orElseThrow().failureMode()).isEqualTo(FailureMode.LOCAL);   // the default's default

            PolicyState closed = policies.override("greet", Map.of("failure-mode", "CLOSED")).orElseThrow();

            assertThat(closed.policy().failureMode()).isEqualTo(FailureMode.CLOSED);
            assertThat(closed.failureMode()).isEqualTo(FailureMode.CLOSED);
            assertThat(closed.settings().get("failure-mode").overridden()).isTrue();
            assertThatThrownBy(() -> policies.override("greet", Map.of("failure-mode", "ajar", "rate", "often")))
                    .isInstanceOfSatisfying(InvalidPolicyException.class, e -> {
                        assertThat(e.violations()).extracting(Violation::field).containsExactlyInAnyOrder("failure-mode", "rate");
                        assertThat(e.violations()).filteredOn(v -> v.field().equals("failure-mode")).singleElement()
                                .satisfies(v -> assertThat(v.toString()).startsWith("failure-mode 'ajar': is not a failure"
                                        + " mode; allowed: open, closed, local"));
                    });
            assertThat(policies.find("greet").orElseThrow().failureMode()).as("the bad override stored nothing")
                    .isEqualTo(FailureMode.CLOSED);
            assertThat(policies.dropOverride("greet").orElseThrow().failureMode()).isEqualTo(FailureMode.LOCAL);
        }
    }

    @Test
    void theVocabularyIsTheConfigs() {
        assertThat(Policies.fields()).containsExactlyElementsOf(Arrays.stream(PolicyField.values())
                .map(PolicyField::configName).toList());
        assertThat(Policies.bucketFields()).contains("rate", "algorithm", "lease")
                .doesNotContain("count", "exempt", "failure-mode");   // a tier follows its policy's failure mode
        assertThat(Policies.fields()).contains("failure-mode");
        assertThat(Routes.fields()).containsExactly("path", "methods", "priority");
        assertThat(EffectiveSetting.RUNTIME_OVERRIDE).isEqualTo(FieldSource.OVERRIDE.label());
    }
}
