package io.throttled.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.config.SmallRyeConfigBuilder;
import io.throttled.cdi.TestConfig;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.Config;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What the store holds is data: only policy and route fields are served, and only valid values take effect. */
class StoredOverridesTest {
    private final Config config = new SmallRyeConfigBuilder().withSources(new TestConfig(), new RuntimeOverrides()).build();
    private PolicyRegistry policies;
    private StoredOverrides stored;

    @BeforeEach
    void policies() {
        TestConfig.set("throttled.policy.orders.rate", "10/1s");
        TestConfig.set("throttled.route.login.path", "/api/login");
        TestConfig.set("throttled.route.login.rate", "5/1m");
        policies = new PolicyRegistry(config, List.of());
        stored = new StoredOverrides(policies, new RouteRegistry(config, "/api"));
    }

    @AfterEach
    void clear() {
        RuntimeOverrides.replaceAll(Map.of());
        TestConfig.clear();
    }

    private Map<String, String> apply(Map<String, String> inRedis) {
        Map<String, String> admitted = stored.admit(inRedis, RuntimeOverrides.snapshot());
        RuntimeOverrides.replaceAll(admitted);
        return admitted;
    }

    @Test
    void onlyPolicyAndRouteFieldsAreServed() {
        Map<String, String> inRedis = Map.of(
                "throttled.policy.orders.rate", "20/1s",
                "throttled.route.login.rate", "3/1m",
                "throttled.redis.url", "redis://attacker:6379",
                "throttled.trusted-proxies", "0.0.0.0/0",
                "mp.jwt.verify.publickey.location", "https://attacker/key",
                "throttled.policy.orders.not-a-field", "x",
                "throttled.route.login", "x");

        assertThat(apply(inRedis)).containsOnlyKeys("throttled.policy.orders.rate", "throttled.route.login.rate");
        assertThat(config.getOptionalValue("throttled.redis.url", String.class)).isEmpty();
        assertThat(config.getOptionalValue("mp.jwt.verify.publickey.location", String.class)).isEmpty();
        assertThat(policies.resolve("orders").orElseThrow().policy().rate()).isEqualTo("20/1s");
    }

    @Test
    void anInvalidPolicyValueLeavesThePolicyAsItWas() {
        apply(Map.of("throttled.policy.orders.rate", "20/1s"));

        Map<String, String> admitted = apply(Map.of("throttled.policy.orders.rate", "lots", "throttled.policy.orders.burst", "5"));

        assertThat(admitted).containsExactlyEntriesOf(Map.of("throttled.policy.orders.rate", "20/1s"));
        assertThat(policies.resolve("orders").orElseThrow().policy().rate()).isEqualTo("20/1s");
        // fixed in the store: in force on the next read
        apply(Map.of("throttled.policy.orders.rate", "30/1s"));
        assertThat(policies.resolve("orders").orElseThrow().policy().rate()).isEqualTo("30/1s");
    }

    @Test
    void anInvalidValueOfAPolicyWithoutOverridesLeavesConfigInForce() {
        assertThat(apply(Map.of("throttled.policy.orders.algorithm", "magic"))).isEmpty();
        assertThat(policies.resolve("orders").orElseThrow().policy().algorithm().configName()).isEqualTo("token-bucket");
    }

    @Test
    void theStoreChangesPoliciesButNeverCreatesOne() {
        Map<String, String> admitted = apply(Map.of("throttled.policy.shadow.rate", "1/1s",
                "throttled.policy.orders.tier.gold.rate", "100/1s",
                "throttled.policy.orders.tier.default.rate", "100/1s"));

        assertThat(admitted).containsOnlyKeys("throttled.policy.orders.tier.gold.rate");
        assertThat(policies.isPolicyName("shadow")).isFalse();
    }

    @Test
    void routesAreCheckedAsTheAdminApiChecksThem() {
        Map<String, String> admitted = apply(Map.of(
                "throttled.route.login.path", "/static/**",          // never under /api
                "throttled.route.all.path", "/api/**",
                "throttled.route.all.rate", "100/1s",
                "throttled.route.orders.path", "/api/orders",         // a policy's name
                "throttled.route.orders.rate", "1/1s",
                "throttled.route.nopath.rate", "1/1s"));              // a new route needs a path

        assertThat(admitted).containsOnlyKeys("throttled.route.all.path", "throttled.route.all.rate");
    }

    @Test
    void whatIsAlreadyInForceIsNotCheckedAgainAndDroppingAnOverrideAlwaysHolds() {
        apply(Map.of("throttled.policy.orders.rate", "20/1s"));
        Map<String, String> inRedis = new HashMap<>(Map.of("throttled.policy.orders.rate", "20/1s"));

        assertThat(apply(inRedis)).isEqualTo(inRedis);
        assertThat(apply(Map.of())).isEmpty();
        assertThat(policies.resolve("orders").orElseThrow().policy().rate()).isEqualTo("10/1s");
    }

    @Test
    void groupsAreNamedByPolicyOrRoute() {
        assertThat(StoredOverrides.group("throttled.policy.api.tier.pro.rate")).contains("policy api.tier.pro");
        assertThat(StoredOverrides.group("throttled.route.login.methods")).contains("route login");
        assertThat(StoredOverrides.group("throttled.route.login.rate")).contains("route login");
        assertThat(StoredOverrides.group("throttled.policy.rate")).isEmpty();
        assertThat(StoredOverrides.group("throttled.headers")).isEmpty();
    }
}
