package io.throttled.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import io.throttled.cdi.TestConfig;
import io.throttled.cdi.CurrentCall;
import io.throttled.cdi.RequestDecisions;
import io.throttled.cdi.ThrottledExtension;
import io.throttled.cdi.ThrottledInterceptor;
import io.throttled.cdi.ThrottledProducers;
import io.throttled.config.RuntimeOverrides;
import io.throttled.redis.JedisScripting;
import io.throttled.redis.RedisOverrideStore;
import io.throttled.testing.redis.RedisExtension;
import io.throttled.testing.redis.TestRedis;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.jboss.weld.environment.se.Weld;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The filter on a document built by hand, in a CDI container whose extension has collected the resources, as
 * when a server builds the document while the application starts; the result is read back by a parser.
 */
@ExtendWith(RedisExtension.class)
class ThrottledOASFilterTest {
    private static final String[] OPERATIONS = {
        "GET /api/demo/ping", "GET /api/demo/free", "GET /api/demo/shadow", "GET /api/demo/items/{id}",
        "POST /api/demo/own", "GET /api/inherited/x", "GET /health"};
    private static int containers;
    private WeldContainer container;

    @BeforeEach
    void policiesAndRoute() {
        methodPolicies();
        TestConfig.set("throttled.route.api-per-ip.path", "/api/**");
        TestConfig.set("throttled.route.api-per-ip.rate", "100/1s;burst=1000");
        TestConfig.set("throttled.route.api-per-ip.key", "ip");
        TestConfig.set("throttled.route.api-per-ip.priority", "-10");
        TestConfig.set("throttled.route.api-per-ip.exempt", "10.0.0.0/8");
    }

    private static void methodPolicies() {
        TestConfig.set("throttled.policy.ping.rate", "1/1s;burst=10");
        TestConfig.set("throttled.policy.ping.tier-by", "role:");
        TestConfig.set("throttled.policy.ping.tiers", "user");
        TestConfig.set("throttled.policy.ping.tier.user.rate", "2/1s;burst=5");
        TestConfig.set("throttled.policy.own.count", "status:401");
    }

    @AfterEach
    void stop() {
        if (container != null) {
            container.shutdown();
        }
        TestConfig.clear();
        RuntimeOverrides.replaceAll(Map.of());
    }

    @Test
    void everyCoveredOperationGetsItsPoliciesThe429AndTheHeadersAndTheDocumentStaysValid() {
        SwaggerParseResult result = filtered(OpenApiModels.of(OPERATIONS));

        assertThat(result.getMessages()).isEmpty();
        Operation ping = result.getOpenAPI().getPaths().get("/api/demo/ping").getGet();
        assertThat(names(ping)).containsExactly("api-per-ip", "ping");   // routes first, as they are decided
        Map<String, Object> pingPolicy = policies(ping).get(1);
        assertThat(pingPolicy).containsEntry("source", "annotation").containsEntry("algorithm", "token-bucket")
                .containsEntry("rate", "1/1s;burst=10").containsEntry("key", "principal-or-ip")
                .containsEntry("enforce", true).containsEntry("ratelimit-policy", List.of("\"ping\";q=10;w=10"))
                .containsEntry("tier-by", "role:");
        assertThat(pingPolicy.get("tiers")).asList().singleElement().asInstanceOf(
                org.assertj.core.api.InstanceOfAssertFactories.MAP).containsEntry("tier", "user")
                .containsEntry("name", "ping.tier.user").containsEntry("rate", "2/1s;burst=5");
        Map<String, Object> route = policies(ping).get(0);
        assertThat(route).containsEntry("source", "route").containsEntry("route", "/api/**").containsEntry("key", "ip")
                .doesNotContainKey("exempt");   // internal addresses stay out of the document
        assertThat(ping.getResponses().get("429").get$ref()).isEqualTo("#/components/responses/ThrottledTooManyRequests");
        assertThat(ping.getResponses().get("200").getHeaders()).containsOnlyKeys("RateLimit-Policy", "RateLimit",
                "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset");
        assertThat(ping.getResponses().get("200").getHeaders().get("RateLimit").get$ref())
                .isEqualTo("#/components/headers/ThrottledRateLimit");

        ApiResponse tooMany = result.getOpenAPI().getComponents().getResponses().get("ThrottledTooManyRequests");
        assertThat(tooMany.getContent().get("application/problem+json").getSchema().get$ref())
                .isEqualTo("#/components/schemas/ThrottledProblem");
        assertThat(tooMany.getHeaders()).containsOnlyKeys("Retry-After", "RateLimit-Policy", "RateLimit",
                "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset");
        assertThat(result.getOpenAPI().getComponents().getSchemas().get("ThrottledProblem").getProperties())
                .containsOnlyKeys("type", "title", "status", "detail", "instance", "policy", "tier", "limit",
                        "retryAfter", "violated-policies");
    }

    @Test
    void routesCoverUnannotatedOperationsTemplatesMatchWhateverTheirRegexAndAnnotationsAreInherited() {
        SwaggerParseResult result = filtered(OpenApiModels.of(OPERATIONS));

        var paths = result.getOpenAPI().getPaths();
        assertThat(names(paths.get("/api/demo/free").getGet())).containsExactly("api-per-ip");
        assertThat(paths.get("/api/demo/free").getGet().getResponses()).containsKey("429");
        assertThat(names(paths.get("/api/demo/items/{id}").getGet())).containsExactly("api-per-ip", "items");
        assertThat(names(paths.get("/api/inherited/x").getGet())).containsExactly("api-per-ip", "whole");
        assertThat(policies(paths.get("/api/demo/own").getPost()).get(1)).containsEntry("count", "status:401");
        Operation health = paths.get("/health").getGet();   // no route, no annotation: untouched
        assertThat(health.getExtensions()).isNull();
        assertThat(health.getResponses()).containsOnlyKeys("200");
        assertThat(health.getResponses().get("200").getHeaders()).isNull();
    }

    @Test
    void aShadowPolicyAddsHeadersButNo429AndTheApplicationsOwn429Stays() {
        TestConfig.clear();   // no route: each operation has its method's policy alone
        methodPolicies();
        OpenAPI model = OpenApiModels.of(OPERATIONS);
        model.getPaths().getPathItem("/api/demo/own").getPOST().getResponses()
                .addAPIResponse("429", OASFactory.createAPIResponse().description("the application's own"));

        SwaggerParseResult result = filtered(model);

        assertThat(result.getMessages()).isEmpty();
        var paths = result.getOpenAPI().getPaths();
        Operation shadow = paths.get("/api/demo/shadow").getGet();
        assertThat(names(shadow)).containsExactly("shadow");
        assertThat(shadow.getResponses()).containsOnlyKeys("200");
        assertThat(shadow.getResponses().get("200").getHeaders()).containsKeys("RateLimit", "X-RateLimit-Remaining");
        assertThat(paths.get("/api/demo/own").getPost().getResponses().get("429").getDescription())
                .isEqualTo("the application's own");
        assertThat(paths.get("/api/demo/free").getGet().getExtensions()).isNull();
    }

    @Test
    void theHeadersAreTheOnesThrottledHeadersTurnsOn() {
        TestConfig.set("throttled.headers", "ietf");
        SwaggerParseResult ietf = filtered(OpenApiModels.of(OPERATIONS));
        assertThat(ietf.getMessages()).isEmpty();
        assertThat(ietf.getOpenAPI().getComponents().getHeaders()).containsOnlyKeys("ThrottledRateLimitPolicy",
                "ThrottledRateLimit", "ThrottledRetryAfter");
        assertThat(ietf.getOpenAPI().getPaths().get("/api/demo/ping").getGet().getResponses().get("200").getHeaders())
                .containsOnlyKeys("RateLimit-Policy", "RateLimit");
        container.shutdown();

        TestConfig.set("throttled.headers", "none");
        SwaggerParseResult none = filtered(OpenApiModels.of(OPERATIONS));
        assertThat(none.getMessages()).isEmpty();
        assertThat(none.getOpenAPI().getComponents().getResponses().get("ThrottledTooManyRequests").getHeaders())
                .containsOnlyKeys("Retry-After");
        assertThat(none.getOpenAPI().getPaths().get("/api/demo/ping").getGet().getResponses().get("200").getHeaders())
                .isNull();
    }

    /** Open Liberty builds the document before the extension has read the overrides: the filter reads them. */
    @Test
    void theDocumentShowsTheRuntimeOverridesStoredInRedis(TestRedis redis) {
        TestConfig.set("throttled.redis.url", redis.url());
        TestConfig.set("throttled.key-prefix", "openapi-test:");
        try (JedisScripting scripting = redis.scripting()) {
            new RedisOverrideStore(scripting.client(), scripting, "openapi-test:").replaceKeys(List.of(), Map.of("throttled.policy.ping.rate", "20/1s"));
            RuntimeOverrides.replaceAll(Map.of());   // as on a node that has not read them yet

            SwaggerParseResult result = filtered(OpenApiModels.of(OPERATIONS));

            Map<String, Object> ping = policies(result.getOpenAPI().getPaths().get("/api/demo/ping").getGet()).get(1);
            assertThat(ping).containsEntry("rate", "20/1s").containsEntry("ratelimit-policy", List.of("\"ping\";q=20;w=1"));
        } finally {
            try (var jedis = redis.jedis()) {
                jedis.del("openapi-test:overrides");
            }
        }
    }

    /**
     * Building the document reads the overrides in Redis as data, as the extension does: a value that names no
     * policy or route field (here the failure mode) and a policy whose stored set is invalid never reach the config.
     */
    @Test
    void theDocumentAdmitsOnlyValidPolicyAndRouteOverridesFromRedis(TestRedis redis) {
        TestConfig.set("throttled.redis.url", redis.url());
        TestConfig.set("throttled.key-prefix", "openapi-data:");
        try (JedisScripting scripting = redis.scripting()) {
            new RedisOverrideStore(scripting.client(), scripting, "openapi-data:").replaceKeys(List.of(), Map.of(
                    "throttled.redis.failure-mode", "open", "throttled.policy.ping.rate", "not-a-rate"));
            RuntimeOverrides.replaceAll(Map.of());

            SwaggerParseResult result = filtered(OpenApiModels.of(OPERATIONS));

            assertThat(RuntimeOverrides.snapshot()).doesNotContainKeys("throttled.redis.failure-mode",
                    "throttled.policy.ping.rate");
            Map<String, Object> ping = policies(result.getOpenAPI().getPaths().get("/api/demo/ping").getGet()).get(1);
            assertThat(ping.get("rate")).isNotEqualTo("not-a-rate");
        } finally {
            RuntimeOverrides.replaceAll(Map.of());
            try (var jedis = redis.jedis()) {
                jedis.del("openapi-data:overrides");
            }
        }
    }

    @Test
    void throttledOpenapiFalseLeavesTheDocumentAlone() {
        TestConfig.set("throttled.openapi", "false");
        SwaggerParseResult result = filtered(OpenApiModels.of(OPERATIONS));
        assertThat(result.getOpenAPI().getPaths().get("/api/demo/ping").getGet().getResponses()).containsOnlyKeys("200");
        assertThat(result.getOpenAPI().getComponents()).isNull();
    }

    /** Boots the application's CDI container (the extension collects while it deploys), then filters. */
    private SwaggerParseResult filtered(OpenAPI model) {
        container = new Weld("throttled-openapi-" + ++containers).disableDiscovery()
                .addExtension(new ThrottledExtension())
                .addBeanClasses(ThrottledProducers.class, CurrentCall.class, RequestDecisions.class, ThrottledInterceptor.class)
                .addBeanClasses(DocumentedApplication.Api.class, DocumentedApplication.Demo.class,
                        DocumentedApplication.Inherited.class)
                .initialize();
        new ThrottledOASFilter().filterOpenAPI(model);
        return OpenApiModels.parse(model);
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> policies(Operation operation) {
        return (List<Map<String, Object>>) operation.getExtensions().get("x-throttled-policies");
    }

    static List<Object> names(Operation operation) {
        return policies(operation).stream().map(p -> p.get("name")).toList();
    }
}
