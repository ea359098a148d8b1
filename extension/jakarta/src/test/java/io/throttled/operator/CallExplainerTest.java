package io.throttled.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.throttled.cdi.TestConfig;
import java.util.List;
import java.util.Map;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What a described caller's request would meet, as the filters would decide it. */
class CallExplainerTest {

    @AfterEach
    void clear() {
        OperatorContainer.clear();
    }

    @Test
    void theRoutesARequestMeetsWithTheCallersTierKeyAndExemption() {
        TestConfig.set("throttled.route.api.path", "/api/**");
        TestConfig.set("throttled.route.api.rate", "100/1s");
        TestConfig.set("throttled.route.api.key", "header:X-Api-Key");
        TestConfig.set("throttled.route.login.path", "/api/login");
        TestConfig.set("throttled.route.login.methods", "POST");
        TestConfig.set("throttled.route.login.rate", "5/1m");
        TestConfig.set("throttled.route.login.key", "ip");
        TestConfig.set("throttled.route.login.exempt", "role:ops");
        try (WeldContainer cdi = OperatorContainer.boot()) {
            CallExplainer explainer = cdi.select(CallExplainer.class).get();
            Caller caller = new Caller("alice", List.of("ops"), "192.0.2.7", Map.of("X-API-KEY", List.of("k-1")), null, null);

            Explanation explanation = explainer.explain(" post", "/api/login", caller);

            assertThat(explanation.method()).isEqualTo("POST");
            assertThat(explanation.path()).isEqualTo("/api/login");
            assertThat(explanation.resourceMethod()).isNull();
            assertThat(explanation.clientAddress()).isEqualTo("192.0.2.7");
            assertThat(explanation.checks()).extracting(Explanation.Check::policy).containsExactlyInAnyOrder("api", "login");
            Explanation.Check api = explanation.checks().stream().filter(c -> c.policy().equals("api")).findFirst().orElseThrow();
            assertThat(api.origin()).isEqualTo("route");
            assertThat(api.key()).startsWith("hd:");
            assertThat(api.decided()).isTrue();
            assertThat(api.tier()).isEqualTo("default");
            assertThat(api.bucketPolicy().name()).isEqualTo("api");
            assertThat(api.count()).isEqualTo("all");
            Explanation.Check login = explanation.checks().stream().filter(c -> c.policy().equals("login")).findFirst()
                    .orElseThrow();
            assertThat(login.exemptBy()).isEqualTo("role:ops");
            assertThat(login.decided()).isFalse();
            assertThat(login.key()).isNull();

            assertThat(explainer.explain("GET", "/api/login", caller).checks()).extracting(Explanation.Check::policy)
                    .containsExactly("api");
            assertThatThrownBy(() -> explainer.explain("GET", "api/login", caller)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void aCallerIsCopiedWithHeaderNamesInLowerCase() {
        Caller caller = new Caller(null, null, null, Map.of("X-Plan", List.of("pro"), "x-plan", List.of("free")), null, null);

        assertThat(caller.roles()).isEmpty();
        assertThat(caller.claims()).isEmpty();
        assertThat(caller.headers()).containsOnlyKeys("x-plan");
        assertThat(caller.headers().get("x-plan")).containsExactlyInAnyOrder("pro", "free");
        assertThat(new DescribedCall(caller).headers("X-PLAN")).hasSize(2);
        assertThat(Caller.isAnonymous("UNAUTHENTICATED")).isTrue();
        assertThat(Caller.isAnonymous(null)).isTrue();
        assertThat(Caller.isAnonymous("alice")).isFalse();
    }
}
