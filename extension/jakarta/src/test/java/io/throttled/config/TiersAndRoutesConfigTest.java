package io.throttled.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.config.SmallRyeConfigBuilder;
import io.throttled.cdi.TestConfig;
import io.throttled.route.Route;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.Config;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Tiers and routes as config and runtime overrides define them, and what deployment refuses. */
class TiersAndRoutesConfigTest {
    private final Config config = new SmallRyeConfigBuilder().withSources(new TestConfig(), new RuntimeOverrides()).build();

    @AfterEach
    void clear() {
        RuntimeOverrides.replaceAll(Map.of());
        TestConfig.clear();
    }

    @Test
    void eachTierDefaultsToItsPolicysFieldsAndHasBucketsOfItsOwn() {
        TestConfig.setAll("""
                throttled.policy.api.rate=60/1m
                throttled.policy.api.key=principal
                throttled.policy.api.burst=100
                throttled.policy.api.tier-by=role:
                throttled.policy.api.tiers=internal,pro
                throttled.policy.api.tier.pro.rate=1000/1m
                throttled.policy.api.tier.internal.rate=unlimited
                throttled.policy.api.tier.free.algorithm=gcra""");
        PolicyRegistry registry = new PolicyRegistry(config, List.of());

        ResolvedPolicy api = registry.resolve("api").orElseThrow();
        assertThat(api.tiers().keySet()).containsExactly("internal", "pro", "free");
        ResolvedPolicy pro = api.tier("pro").orElseThrow();
        assertThat(pro.policy().name()).isEqualTo("api.tier.pro");
        assertThat(pro.policy().rate()).isEqualTo("1000/1m");   // its own rate, not the policy's burst
        assertThat(pro.policy().key().toString()).isEqualTo("principal");
        assertThat(pro.settings().get(PolicyField.KEY).source()).isEqualTo(FieldSource.INHERITED);
        ResolvedPolicy free = api.tier("free").orElseThrow();
        assertThat(free.policy().algorithm().configName()).isEqualTo("gcra");
        assertThat(free.policy().limits().get(0).burst()).isEqualTo(100);   // the policy's rate and burst
        assertThat(api.tier("internal").orElseThrow().rules().unlimited()).isTrue();
        assertThat(registry.resolve("api.tier.pro")).contains(pro);
        assertThat(registry.names()).containsExactly("api");

        RuntimeOverrides.replaceAll(Map.of("throttled.policy.api.tier.pro.rate", "5/1s"));
        assertThat(registry.resolve("api.tier.pro").orElseThrow().policy().rate()).isEqualTo("5/1s");
    }

    @Test
    void aNewTierOfAPolicyInheritsEverythingUntilItsOverrideIsStored() {
        TestConfig.setAll("""
                throttled.policy.api.rate=60/1m
                throttled.policy.api.key=principal
                throttled.route.all.path=/api/**
                throttled.route.all.rate=100/1s""");
        PolicyRegistry registry = new PolicyRegistry(config, List.of());

        ResolvedPolicy gold = registry.newTier("api.tier.gold").orElseThrow();
        assertThat(gold.policy().name()).isEqualTo("api.tier.gold");
        assertThat(gold.policy().rate()).isEqualTo("60/1m");
        assertThat(gold.settings().get(PolicyField.KEY).source()).isEqualTo(FieldSource.INHERITED);
        assertThat(registry.resolve("api.tier.gold")).isEmpty();
        // not new: a tier that exists; not tiers: bad names, 'default', unknown policies, routes (their keys differ)
        for (String name : List.of("api.tier.bad.name", "api.tier.default", "api.tier.", "nope.tier.gold", "all.tier.gold")) {
            assertThat(registry.newTier(name)).as(name).isEmpty();
        }

        RuntimeOverrides.replaceAll(Map.of("throttled.policy.api.tier.gold.rate", "600/1m"));
        assertThat(registry.resolve("api").orElseThrow().tiers()).containsKey("gold");
        assertThat(registry.resolve("api.tier.gold").orElseThrow().policy().rate()).isEqualTo("600/1m");
        assertThat(registry.newTier("api.tier.gold")).as("it exists now").isEmpty();
    }

    @Test
    void badTiersStopTheDeploymentWithTheirFieldAndValue() {
        TestConfig.setAll("""
                throttled.policy.api.rate=60/1m
                throttled.policy.api.tier-by=header:X-Plan
                throttled.policy.api.tier.pro.rate=fast
                throttled.policy.api.tier.pro.exempt=10.0.0.0/8
                throttled.policy.counted.rate=1/1s
                throttled.policy.counted.count=status:teapot
                throttled.policy.other.rate=1/1s
                throttled.policy.other.tier-by=role:""");
        List<String> problems = DefinitionProblems.find(config, List.of(), name -> true);
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("policy 'api'", "tier 'api.tier.pro'", "rate 'fast'"));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("throttled.policy.api.tier.pro.exempt",
                "a tier sets only the fields of its buckets"));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("policy 'counted'", "count 'status:teapot'"));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("policy 'other'", "no tier is declared"));
    }

    @Test
    void routesComeFromConfigAndRuntimeOverridesIntoOneTable() {
        TestConfig.setAll("""
                throttled.route.login.path=/api/login
                throttled.route.login.methods=post
                throttled.route.login.rate=10/1m
                throttled.route.all.path=/api/**
                throttled.route.all.rate=100/1s
                throttled.route.all.priority=-1""");
        RouteRegistry routes = new RouteRegistry(config, "/api");
        assertThat(routes.table().match("POST", "/api/login")).extracting(Route::name).containsExactly("login", "all");
        assertThat(routes.table().match("GET", "/api/login")).extracting(Route::name).containsExactly("all");
        assertThat(routes.table().match("GET", "/elsewhere")).isEmpty();

        RuntimeOverrides.replaceAll(Map.of("throttled.route.scan.path", "/api/wp-admin/**",
                "throttled.route.scan.rate", "1/1h", "throttled.route.scan.priority", "9"));
        assertThat(routes.table().match("GET", "/api/wp-admin/x.php")).extracting(Route::name).containsExactly("scan", "all");
        PolicyRegistry registry = new PolicyRegistry(config, List.of());
        assertThat(registry.resolve("scan").orElseThrow().policy().rate()).isEqualTo("1/1h");
        assertThat(registry.names()).contains("login", "all", "scan");
    }

    @Test
    void badRoutesStopTheDeploymentWithTheirReason() {
        TestConfig.setAll("""
                throttled.route.outside.path=/static/**
                throttled.route.outside.rate=1/1s
                throttled.route.broken.path=/api/{id
                throttled.route.broken.rate=1/1s
                throttled.route.verbs.path=/api/x
                throttled.route.verbs.methods=GET,PO ST
                throttled.route.verbs.rate=1/1s
                throttled.route.norate.path=/api/y
                throttled.route.api.path=/api/z
                throttled.route.api.rate=1/1s
                throttled.route.api.pathh=/api/z
                throttled.policy.api.rate=1/1s""");
        List<String> problems = DefinitionProblems.find(config, List.of(), n -> true, n -> true, "/api");
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("route 'outside'", "can never match", "/api"));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("route 'broken'", "path '/api/{id'"));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("route 'verbs'", "'PO ST' is not an HTTP method"));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("route 'norate'", "rate"));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("route 'api' has the name of a policy"));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("throttled.route.api.pathh"));
    }
}
