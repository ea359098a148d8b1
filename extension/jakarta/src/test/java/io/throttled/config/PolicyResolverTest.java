package io.throttled.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.config.SmallRyeConfigBuilder;
import io.throttled.cdi.TestConfig;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.config.Config;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A resolved policy is reused on the hot path, yet a runtime override is in force on the very next call. */
class PolicyResolverTest {
    private final AtomicLong nanos = new AtomicLong();
    private final Config config = new SmallRyeConfigBuilder().withSources(new TestConfig(), new RuntimeOverrides()).build();
    private final PolicyResolver resolver = new PolicyResolver(config, nanos::get);
    private final PolicyDeclaration api = PolicyDeclaration.configOnly("api");

    @BeforeEach
    void configured() {
        TestConfig.set("throttled.policy.api.rate", "10/1s");
    }

    @AfterEach
    void noOverrides() {
        RuntimeOverrides.replaceAll(Map.of());
        TestConfig.clear();
    }

    @Test
    void aRuntimeOverrideHoldsOnTheNextCall() {
        assertThat(resolver.resolve(api).policy().rate()).isEqualTo("10/1s");

        RuntimeOverrides.replaceAll(Map.of("throttled.policy.api.rate", "3/1s"));
        assertThat(resolver.resolve(api).policy().rate()).isEqualTo("3/1s");

        RuntimeOverrides.replaceAll(Map.of());
        assertThat(resolver.resolve(api).policy().rate()).isEqualTo("10/1s");
    }

    @Test
    void otherConfigSourcesAreReadAgainAfterASecond() {
        ResolvedPolicy first = resolver.resolve(api);
        TestConfig.set("throttled.policy.api.rate", "20/1s");

        nanos.addAndGet(999_000_000L);
        assertThat(resolver.resolve(api)).isSameAs(first);
        nanos.addAndGet(1_000_000L);
        assertThat(resolver.resolve(api).policy().rate()).isEqualTo("20/1s");
    }

    @Test
    void anUnchangedPolicyIsTheSameObjectAfterARead() {
        ResolvedPolicy first = resolver.resolve(api);
        nanos.addAndGet(5_000_000_000L);

        assertThat(resolver.resolve(api)).isSameAs(first);
    }

    @Test
    void aPenaltyIsReadAsTheLongestPush() {
        TestConfig.set("throttled.policy.api.algorithm", "gcra");
        TestConfig.set("throttled.policy.api.penalty", "30s");
        assertThat(resolver.resolve(api).rules().penaltyMillis()).isEqualTo(30_000);
    }

    @Test
    void aBadPenaltyNamesTheFieldTheValueAndWhy() {
        TestConfig.set("throttled.policy.api.penalty", "2h");
        assertThatThrownBy(() -> resolver.resolve(api)).hasMessageContaining("penalty").hasMessageContaining("2h")
                .hasMessageContaining("a wait up to 1h");
        TestConfig.set("throttled.policy.api.penalty", "soon");
        assertThatThrownBy(() -> resolver.resolve(api)).hasMessageContaining("'soon'")
                .hasMessageContaining("is not a wait");
        TestConfig.set("throttled.policy.api.penalty", "5s");
        TestConfig.set("throttled.policy.api.algorithm", "fixed-window");
        assertThatThrownBy(() -> resolver.resolve(api)).hasMessageContaining("penalty")
                .hasMessageContaining("fixed-window cannot be pushed on");
    }
}
