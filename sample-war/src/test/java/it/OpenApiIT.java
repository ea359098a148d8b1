package it;

import static org.assertj.core.api.Assertions.assertThat;

import io.swagger.parser.OpenAPIParser;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import it.SampleServerExtension.SampleServer;
import jakarta.json.Json;
import java.io.StringReader;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The sample's /openapi as Liberty serves it, read by the swagger parser (no network: every reference is inside
 * the document): valid, titled, and telling a client generated from it about the limits: the policies of each
 * operation, the 429 with its problem+json body and headers, the rate-limit headers of successful responses.
 */
@ExtendWith(SampleServerExtension.class)
class OpenApiIT {
    private static final String TOO_MANY = "#/components/responses/ThrottledTooManyRequests";
    private static final Set<String> RATE_LIMIT_HEADERS = Set.of("RateLimit-Policy", "RateLimit", "X-RateLimit-Limit",
            "X-RateLimit-Remaining", "X-RateLimit-Reset");
    private SampleServer sample;

    @BeforeEach
    void fresh(SampleServer sample) {
        this.sample = sample;
        sample.reset();
    }

    @Test
    void theDocumentIsValidTitledAndDocumentsThePoliciesOfEveryOperation() {
        SwaggerParseResult result = served();

        assertThat(result.getMessages()).isEmpty();
        OpenAPI document = result.getOpenAPI();
        assertThat(document.getInfo().getTitle()).isEqualTo("throttled sample");
        assertThat(document.getInfo().getVersion()).isEqualTo("1.0.0");

        Operation ping = document.getPaths().get("/api/demo/ping").getGet();
        assertThat(names(ping)).containsExactly("api-per-ip", "ping");   // decided in this order
        Map<String, Object> pingPolicy = policies(ping).get(1);
        assertThat(pingPolicy).containsEntry("source", "annotation").containsEntry("algorithm", "token-bucket")
                .containsEntry("rate", "1/1s;burst=10").containsEntry("ratelimit-policy", List.of("\"ping\";q=10;w=10"))
                .containsEntry("tier-by", "role:");
        List<?> tiers = ((List<?>) pingPolicy.get("tiers")).stream().map(t -> ((Map<?, ?>) t).get("tier")).toList();
        assertThat(tiers).isEqualTo(List.of("operator", "user"));
        assertThat(policies(ping).get(0)).containsEntry("source", "route").containsEntry("route", "/api/**")
                .containsEntry("rate", "100/1s;burst=1000").containsEntry("key", "ip");

        assertThat(ping.getResponses().get("429").get$ref()).isEqualTo(TOO_MANY);
        ApiResponse tooMany = document.getComponents().getResponses().get("ThrottledTooManyRequests");
        Schema<?> problem = document.getComponents().getSchemas().get("ThrottledProblem");
        assertThat(tooMany.getContent().get("application/problem+json").getSchema().get$ref())
                .isEqualTo("#/components/schemas/ThrottledProblem");
        assertThat(problem.getProperties()).containsOnlyKeys("type", "title", "status", "detail", "instance", "policy",
                "tier", "limit", "retryAfter", "violated-policies");
        assertThat(tooMany.getHeaders().keySet()).containsAll(RATE_LIMIT_HEADERS).contains("Retry-After");
        assertThat(ping.getResponses().get("200").getHeaders()).containsOnlyKeys(RATE_LIMIT_HEADERS.toArray(String[]::new));

        // the login only failures pay for
        assertThat(policies(document.getPaths().get("/api/demo/login").getPost()).get(1))
                .containsEntry("name", "login").containsEntry("count", "status:401");
        // greeting's policy is on the CDI bean it calls: invisible in the document, the route alone shows
        assertThat(names(document.getPaths().get("/api/demo/greeting").getGet())).containsExactly("api-per-ip");
        // the admin API has no @Throttled of its own, but the sample's route covers everything under /api
        assertThat(names(document.getPaths().get("/api/throttled/policies").getGet())).containsExactly("api-per-ip");
        document.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
            assertThat(path).startsWith("/api/");
            assertThat(operation.getResponses().get("429")).as("%s %s", method, path).isNotNull();
            assertThat(names(operation)).as("%s %s", method, path).startsWith("api-per-ip");
        }));

        String log = sample.server().messages();
        assertThat(log).contains("CWWKO1660I");   // Liberty processed the application and produced the document
        assertThat(Pattern.compile("CWWKO16\\d\\d[EW]").matcher(log).find())
                .as("no OpenAPI validation or processing problem in messages.log").isFalse();
    }

    /** The document is checked against what the server really answers: every field and header is documented. */
    @Test
    void theServed429AndHeadersAreTheDocumentedOnes() {
        OpenAPI document = served().getOpenAPI();
        ApiResponse tooMany = document.getComponents().getResponses().get("ThrottledTooManyRequests");
        Schema<?> problem = document.getComponents().getSchemas().get("ThrottledProblem");
        ApiResponse ok = document.getPaths().get("/api/demo/ping").getGet().getResponses().get("200");

        HttpResponse<String> allowed = Http.get(sample.url("/api/demo/ping"));
        HttpResponse<String> denied = allowed;
        for (int i = 0; i < 20 && denied.statusCode() != 429; i++) {
            denied = Http.get(sample.url("/api/demo/ping"));
        }

        assertThat(allowed.statusCode()).isEqualTo(200);
        assertThat(rateLimitHeaders(allowed)).isNotEmpty().allSatisfy(h -> assertThat(ok.getHeaders()).containsKey(h));
        assertThat(denied.statusCode()).isEqualTo(429);
        assertThat(rateLimitHeaders(denied)).isNotEmpty().allSatisfy(h -> assertThat(tooMany.getHeaders()).containsKey(h));
        assertThat(tooMany.getHeaders()).containsKey("Retry-After");
        assertThat(Http.header(denied, "Retry-After")).isNotNull();
        assertThat(tooMany.getContent()).containsOnlyKeys(Http.header(denied, "Content-Type").split(";")[0]);
        Set<String> fields = Json.createReader(new StringReader(denied.body())).readObject().keySet();
        assertThat(problem.getProperties().keySet()).containsAll(fields);
        assertThat(fields).containsAll(problem.getRequired());
    }

    /**
     * What stays static: Liberty builds the document once, while the application starts. A runtime override shows
     * at once in the headers (and the admin API), and in the document only after the application restarts.
     */
    @Test
    void theDocumentKeepsTheLimitsOfItsStartWhileTheHeadersFollowAnOverride() {
        HttpResponse<String> put = Http.send("PUT", sample.url("/api/throttled/policies/ping"), "{\"rate\":\"20/1s\"}",
                SampleServer.OPERATOR, SampleServer.OPERATOR_PASSWORD);
        assertThat(put.statusCode()).as(put.body()).isEqualTo(200);

        assertThat(Http.header(Http.get(sample.url("/api/demo/ping")), "RateLimit-Policy")).contains("\"ping\";q=20;w=1");
        assertThat(policies(served().getOpenAPI().getPaths().get("/api/demo/ping").getGet()).get(1))
                .containsEntry("rate", "1/1s;burst=10");
    }

    private SwaggerParseResult served() {
        HttpResponse<String> response = Http.get(sample.url("/openapi?format=JSON"));
        assertThat(response.statusCode()).isEqualTo(200);
        ParseOptions options = new ParseOptions();
        options.setResolve(false);   // every reference is local: read as served, no look-ups
        return new OpenAPIParser().readContents(response.body(), null, options);
    }

    private static Set<String> rateLimitHeaders(HttpResponse<?> response) {
        Set<String> found = new java.util.TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        for (String name : RATE_LIMIT_HEADERS) {
            if (response.headers().firstValue(name).isPresent()) {
                found.add(name);
            }
        }
        return found;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> policies(Operation operation) {
        assertThat(operation.getExtensions()).containsKey("x-throttled-policies");
        return (List<Map<String, Object>>) operation.getExtensions().get("x-throttled-policies");
    }

    private static List<Object> names(Operation operation) {
        return policies(operation).stream().map(p -> p.get("name")).toList();
    }
}
