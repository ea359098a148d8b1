package io.throttled.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.config.SmallRyeConfigBuilder;
import io.throttled.Throttled;
import io.throttled.cdi.TestConfig;
import io.throttled.core.FailureMode;
import io.throttled.core.InvalidPolicyException;
import io.throttled.core.Policy;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.config.Config;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code failure-mode} per policy: empty follows {@code throttled.redis.failure-mode}; the annotation, config, runtime
 * overrides and routes set it; a tier follows its policy's and may not set its own; a bad value stops the deployment,
 * naming the field, the value and {@code open, closed, local}.
 */
class FailureModeConfigTest {
    private final AtomicLong nanos = new AtomicLong();
    private final Config config = new SmallRyeConfigBuilder().withSources(new TestConfig(), new RuntimeOverrides()).build();
    private final PolicyResolver resolver = new PolicyResolver(config, nanos::get);

    @AfterEach
    void clear() {
        RuntimeOverrides.replaceAll(Map.of());
        TestConfig.clear();
    }

    @Test
    void unsetItFollowsTheStoresDefault() {
        TestConfig.set("throttled.policy.api.rate", "10/1s");

        ResolvedPolicy api = resolver.resolve(PolicyDeclaration.configOnly("api"));

        assertThat(api.policy().failureMode()).isNull();
        assertThat(api.policy().failureModeOr(FailureMode.OPEN)).isEqualTo(FailureMode.OPEN);
        assertThat(api.settings().get(PolicyField.FAILURE_MODE)).isEqualTo(new Setting("", FieldSource.DEFAULT, "default"));
    }

    @Test
    void configSetsItInAnyCase() {
        TestConfig.set("throttled.policy.login.rate", "5/1m");
        TestConfig.set("throttled.policy.login.failure-mode", "closed");
        TestConfig.set("throttled.policy.fairness.rate", "100/1m");
        TestConfig.set("throttled.policy.fairness.failure-mode", " OPEN ");

        ResolvedPolicy login = resolver.resolve(PolicyDeclaration.configOnly("login"));

        assertThat(login.policy().failureMode()).isEqualTo(FailureMode.CLOSED);
        assertThat(login.settings().get(PolicyField.FAILURE_MODE).source()).isEqualTo(FieldSource.CONFIG);
        assertThat(resolver.resolve(PolicyDeclaration.configOnly("fairness")).policy().failureMode())
                .isEqualTo(FailureMode.OPEN);
    }

    @Test
    void aRuntimeOverrideSetsItAtOnce() {
        TestConfig.set("throttled.policy.login.rate", "5/1m");
        TestConfig.set("throttled.policy.login.failure-mode", "closed");
        RuntimeOverrides.replaceAll(Map.of("throttled.policy.login.failure-mode", "local"));

        ResolvedPolicy login = resolver.resolve(PolicyDeclaration.configOnly("login"));

        assertThat(login.policy().failureMode()).isEqualTo(FailureMode.LOCAL);
        assertThat(login.settings().get(PolicyField.FAILURE_MODE).source()).isEqualTo(FieldSource.OVERRIDE);
    }

    @Test
    void aBadValueStopsTheDeploymentNamingTheFieldTheValueAndWhatIsAllowed() {
        TestConfig.set("throttled.policy.login.rate", "5/1m");
        TestConfig.set("throttled.policy.login.failure-mode", "fail-closed");

        assertThatThrownBy(() -> resolver.resolve(PolicyDeclaration.configOnly("login")))
                .isInstanceOf(InvalidPolicyException.class)
                .hasMessageContaining("failure-mode 'fail-closed': is not a failure mode; allowed: open, closed, local");
        assertThat(DefinitionProblems.find(config, List.of(), name -> true)).anySatisfy(p -> assertThat(p)
                .contains("policy 'login' (config)", "failure-mode 'fail-closed'", "open, closed, local",
                        "(from throttled.policy.login.failure-mode)"));
    }

    @Test
    void aRouteSetsItsOwn() {
        TestConfig.setAll("""
                throttled.route.signin.path=/api/login
                throttled.route.signin.methods=POST
                throttled.route.signin.rate=10/1m
                throttled.route.signin.failure-mode=closed
                throttled.route.bad.path=/api/bad
                throttled.route.bad.rate=10/1m
                throttled.route.bad.failure-mode=shut""");
        PolicyRegistry registry = new PolicyRegistry(config, List.of());

        assertThat(registry.resolve("signin").orElseThrow().policy().failureMode()).isEqualTo(FailureMode.CLOSED);
        assertThat(DefinitionProblems.find(config, List.of(), n -> true, n -> true, "/api")).anySatisfy(p -> assertThat(p)
                .contains("route 'bad'", "failure-mode 'shut'", "open, closed, local"));
    }

    @Test
    void aTierFollowsItsPolicysAndMayNotSetItsOwn() {
        TestConfig.setAll("""
                throttled.policy.api.rate=60/1m
                throttled.policy.api.failure-mode=closed
                throttled.policy.api.tier-by=role:
                throttled.policy.api.tier.pro.rate=1000/1m
                throttled.policy.api.tier.pro.failure-mode=open""");
        PolicyRegistry registry = new PolicyRegistry(config, List.of());

        ResolvedPolicy pro = registry.resolve("api.tier.pro").orElseThrow();
        assertThat(pro.policy().failureMode()).as("the policy's, whatever the tier's key says").isEqualTo(FailureMode.CLOSED);
        assertThat(pro.settings().get(PolicyField.FAILURE_MODE).source()).isEqualTo(FieldSource.INHERITED);
        assertThat(DefinitionProblems.find(config, List.of(), name -> true)).anySatisfy(p -> assertThat(p)
                .contains("unknown setting throttled.policy.api.tier.pro.failure-mode", "a tier sets only the fields of"
                        + " its buckets", "failure-mode is the policy's, for every tier")
                .doesNotContain("failure-mode,"));   // not in the list of the fields a tier sets
        assertThat(PolicyField.FAILURE_MODE.shapesBuckets()).isFalse();
        assertThat(PolicyField.FAILURE_MODE.buildsPolicy()).isTrue();

        TestConfig.set("throttled.policy.api.failure-mode", "");   // the policy follows the default: its tiers too
        nanos.addAndGet(2_000_000_000L);
        assertThat(new PolicyRegistry(config, List.of()).resolve("api.tier.pro").orElseThrow().policy().failureMode()).isNull();
    }

    @Throttled(value = "fair", rate = "100/1s", failureMode = "open")
    void annotated() {
    }

    @Throttled(value = "typo", rate = "100/1s", failureMode = "opened")
    void misannotated() {
    }

    @Test
    void theAnnotationSetsItAndConfigOverridesIt() throws Exception {
        PolicyDeclaration declaration = declaration("annotated");
        assertThat(declaration.values()).containsEntry(PolicyField.FAILURE_MODE, "open");
        Policy fair = resolver.resolve(declaration).policy();
        assertThat(fair.failureMode()).isEqualTo(FailureMode.OPEN);

        TestConfig.set("throttled.policy.fair.failure-mode", "closed");
        nanos.addAndGet(2_000_000_000L);
        assertThat(resolver.resolve(declaration).policy().failureMode()).isEqualTo(FailureMode.CLOSED);
    }

    @Test
    void aBadAnnotationStopsTheDeployment() throws Exception {
        assertThat(DefinitionProblems.find(config, List.of(declaration("misannotated")), name -> true))
                .anySatisfy(p -> assertThat(p).contains("@Throttled on", "policy 'typo'", "failure-mode 'opened'",
                        "open, closed, local"));
    }

    private PolicyDeclaration declaration(String method) throws Exception {
        Throttled annotation = getClass().getDeclaredMethod(method).getAnnotation(Throttled.class);
        return PolicyDeclaration.of(annotation, getClass(), getClass().getDeclaredMethod(method));
    }
}
