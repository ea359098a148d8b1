package io.throttled.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.config.SmallRyeConfigBuilder;
import io.throttled.Throttled;
import io.throttled.cdi.TestConfig;
import io.throttled.core.InvalidPolicyException;
import io.throttled.core.Leasing;
import io.throttled.core.Policy;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.config.Config;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code lease} and {@code lease-lifetime}: defaults, the annotation, config, and every refusal with its reason. */
class LeaseValidationTest {
    private final AtomicLong nanos = new AtomicLong();
    private final Config config = new SmallRyeConfigBuilder().withSources(new TestConfig(), new RuntimeOverrides()).build();
    private final PolicyResolver resolver = new PolicyResolver(config, nanos::get);

    @AfterEach
    void clear() {
        RuntimeOverrides.replaceAll(Map.of());
        TestConfig.clear();
    }

    @Test
    void offWithAHundredMillisecondLifetimeUnlessSet() {
        Policy policy = Policy.builder("api").rate("10/1s").build();
        assertThat(policy.leasing()).isEqualTo(Leasing.OFF);
        assertThat(policy.leasing().lifetimeMillis()).isEqualTo(100);
        assertThat(Policy.builder("api").rate("10/1s").lease("auto").leaseLifetime("250ms").build().leasing())
                .isEqualTo(new Leasing(true, 250));
        assertThat(policy.toBuilder().lease("auto").build().toBuilder().build().leasing().auto()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"token-bucket", "gcra", "leaky-bucket"})
    void theBucketsWithContinuousRefillLease(String algorithm) {
        assertThat(Policy.builder("api").algorithm(algorithm).rate("10/1s").lease("auto").build().whyNoLease()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"fixed-window", "sliding-window-log", "sliding-window-counter"})
    void theWindowAlgorithmsRefuseLeasesWithTheReason(String algorithm) {
        assertThatThrownBy(() -> Policy.builder("api").algorithm(algorithm).rate("10/1s").lease("auto").build())
                .isInstanceOf(InvalidPolicyException.class)
                .hasMessageContaining("lease 'auto': " + algorithm + " cannot lease: it counts calls per window")
                .hasMessageContaining("use token-bucket, gcra or leaky-bucket to lease");
        // off is fine for them
        assertThat(Policy.builder("api").algorithm(algorithm).rate("10/1s").lease("off").build().leasing().auto()).isFalse();
    }

    @Test
    void intervalRefillRefusesLeases() {
        assertThatThrownBy(() -> Policy.builder("api").rate("10/1s").refill("interval").lease("auto").build())
                .isInstanceOf(InvalidPolicyException.class)
                .hasMessageContaining("lease 'auto': token-bucket with refill=interval cannot lease");
    }

    @Test
    void badValuesNameTheSettingTheValueAndWhatIsAllowed() {
        assertThatThrownBy(() -> Policy.builder("api").rate("10/1s").lease("sometimes").build())
                .hasMessageContaining("lease 'sometimes': must be auto (hot keys lease tokens) or off");
        assertThatThrownBy(() -> Policy.builder("api").rate("10/1s").lease("auto").leaseLifetime("5ms").build())
                .hasMessageContaining("lease-lifetime '5ms': must be 10ms up to 10s");
        assertThatThrownBy(() -> Policy.builder("api").rate("10/1s").leaseLifetime("11s").build())
                .hasMessageContaining("lease-lifetime '11s': must be 10ms up to 10s");
        assertThatThrownBy(() -> Policy.builder("api").rate("10/1s").leaseLifetime("soon").build())
                .hasMessageContaining("lease-lifetime 'soon': is not a duration")
                .hasMessageContaining("allowed: 10ms up to 10s");
        // every problem at once, with the algorithm's refusal
        assertThatThrownBy(() -> Policy.builder("api").algorithm("fixed-window").rate("10/1s").lease("auto")
                .leaseLifetime("1ms").build())
                .hasMessageContaining("lease-lifetime '1ms'")
                .hasMessageContaining("lease 'auto': fixed-window cannot lease");
    }

    @Test
    void configSetsLeasesAndRefusesThemForAWindowAlgorithm() {
        TestConfig.set("throttled.policy.api.rate", "10/1s");
        TestConfig.set("throttled.policy.api.lease", "auto");
        TestConfig.set("throttled.policy.api.lease-lifetime", "50ms");
        assertThat(resolver.resolve(PolicyDeclaration.configOnly("api")).policy().leasing()).isEqualTo(new Leasing(true, 50));

        TestConfig.set("throttled.policy.win.rate", "10/1s");
        TestConfig.set("throttled.policy.win.algorithm", "fixed-window");
        TestConfig.set("throttled.policy.win.lease", "auto");
        assertThatThrownBy(() -> resolver.resolve(PolicyDeclaration.configOnly("win")))
                .isInstanceOf(InvalidPolicyException.class)
                .hasMessageContaining("fixed-window cannot lease");
    }

    @Throttled(value = "annotated", rate = "100/1s", lease = "auto", leaseLifetime = "200ms")
    void annotated() {
    }

    @Test
    void theAnnotationSetsLeases() throws Exception {
        Throttled annotation = getClass().getDeclaredMethod("annotated").getAnnotation(Throttled.class);
        PolicyDeclaration declaration = PolicyDeclaration.of(annotation, getClass(), getClass().getDeclaredMethod("annotated"));
        assertThat(resolver.resolve(declaration).policy().leasing()).isEqualTo(new Leasing(true, 200));
    }
}
