package io.throttled.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.throttled.cdi.TestConfig;
import io.throttled.core.InvalidPolicyException;
import io.throttled.core.Violation;
import java.util.Map;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Routes created, changed and removed at runtime through the bean. */
class RoutesTest {

    @AfterEach
    void clear() {
        OperatorContainer.clear();
    }

    @Test
    void aRouteCreatedAtRuntimeHoldsAndItsRemovalEndsIt() {
        try (WeldContainer cdi = OperatorContainer.boot()) {
            Routes routes = cdi.select(Routes.class).get();

            RouteState login = routes.put("login", Map.of("path", "/api/login", "methods", "post, get", "priority", "5"),
                    Map.of("rate", "10/1m", "key", "ip"));

            assertThat(login.path()).isEqualTo("/api/login");
            assertThat(login.methods()).containsExactly("POST", "GET");
            assertThat(login.priority()).isEqualTo(5);
            assertThat(login.runtime()).isTrue();
            assertThat(login.settings().get("methods").value()).isEqualTo("post, get");
            assertThat(login.policy().policy().name()).isEqualTo("login");
            assertThat(login.policy().policy().rate()).isEqualTo("10/1m");
            assertThat(routes.all()).extracting(RouteState::name).containsExactly("login");

            assertThat(routes.remove("login")).isEmpty();
            assertThat(routes.find("login")).isEmpty();
            assertThatThrownBy(() -> routes.remove("login")).isExactlyInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void removingTheRuntimeSettingsOfAConfiguredRouteGivesConfigBack() {
        TestConfig.set("throttled.route.api.path", "/**");
        TestConfig.set("throttled.route.api.rate", "100/1s");
        try (WeldContainer cdi = OperatorContainer.boot()) {
            Routes routes = cdi.select(Routes.class).get();
            assertThat(routes.find("api")).hasValueSatisfying(api -> {
                assertThat(api.runtime()).isFalse();
                assertThat(api.methods()).isEmpty();
                assertThat(api.settings().get("path")).isEqualTo(new EffectiveSetting("/**", "config", "test-config"));
            });

            assertThat(routes.put("api", Map.of(), Map.of("rate", "5/1s")).policy().policy().rate()).isEqualTo("5/1s");
            assertThat(routes.remove("api")).hasValueSatisfying(api -> {
                assertThat(api.runtime()).isFalse();
                assertThat(api.policy().policy().rate()).isEqualTo("100/1s");
            });
        }
    }

    @Test
    void anInvalidRouteNamesEveryBadValueAndStoresNothing() {
        try (WeldContainer cdi = OperatorContainer.boot()) {
            Routes routes = cdi.select(Routes.class).get();

            assertThatThrownBy(() -> routes.put("login", Map.of("path", "api/login", "priority", "high"),
                    Map.of("cost", "-1"))).isInstanceOfSatisfying(InvalidPolicyException.class, e -> assertThat(
                            e.violations()).extracting(Violation::field).contains("path", "priority", "cost", "rate"));
            assertThat(routes.find("login")).isEmpty();
            assertThat(routes.nameViolations("greet")).extracting(Violation::message)
                    .containsExactly("is the name of a policy; a route is a policy of its own: choose another");
            assertThat(routes.nameViolations("a.b")).extracting(Violation::field).containsExactly("name");
            assertThat(routes.nameViolations("login")).isEmpty();
            assertThatThrownBy(() -> routes.put("greet", Map.of("path", "/x"), Map.of("rate", "1/1s")))
                    .isInstanceOfSatisfying(InvalidPolicyException.class, e -> assertThat(e.violations())
                            .extracting(Violation::field).containsExactly("name"));
            assertThatThrownBy(() -> routes.put("login", Map.of("where", "/x"), Map.of()))
                    .isExactlyInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown route field 'where'");
        }
    }
}
