package io.throttled.openapi;

import io.throttled.config.HeaderStyle;
import io.throttled.jaxrs.ProblemDetails;
import io.throttled.jaxrs.RateLimitHeaders;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.headers.Header;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.media.Schema.SchemaType;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

/**
 * What every throttled operation shares, kept once under {@code components}: the problem+json schema of a
 * refusal, the rate-limit headers {@code throttled.headers} turns on, and the 429 response. Operations refer to
 * them. A component the application already has under one of these names is kept: it may describe them its
 * own way.
 */
final class RateLimitComponents {
    static final String PROBLEM = "ThrottledProblem";
    static final String TOO_MANY_REQUESTS = "ThrottledTooManyRequests";

    /**
     * A header as documented: the header style that sends it (null: 429 only), its meaning, and its value's schema
     * (a string, or an integer of at least {@code minimum}), built anew for each document.
     */
    private record HeaderDoc(String name, HeaderStyle style, Long minimum, String description, Object example) {
        String component() {
            return "Throttled" + name.replace("-", "");
        }

        Schema schema() {
            return minimum == null ? SchemaTypes.of(SchemaType.STRING) : integer(minimum);
        }
    }

    private static final List<HeaderDoc> HEADERS = List.of(
            new HeaderDoc(RateLimitHeaders.POLICY, HeaderStyle.IETF, null,
                    "The quota of every policy the request met, one item per limit: \"<policy>\";q=<quota>;w=<seconds>"
                    + " (draft-ietf-httpapi-ratelimit-headers). A policy with several limits names its items"
                    + " \"<policy>/<window>\". x-throttled-policies lists the items each policy sends.",
                    "\"ping\";q=10;w=10"),
            new HeaderDoc(RateLimitHeaders.RATE_LIMIT, HeaderStyle.IETF, null,
                    "What is left under each policy's deciding limit, and the seconds until it is full again (when"
                    + " refused: until the call may be retried): \"<policy>\";r=<remaining>;t=<seconds>.",
                    "\"ping\";r=9;t=1"),
            new HeaderDoc(RateLimitHeaders.LIMIT, HeaderStyle.LEGACY, 0L,
                    "What a full bucket of the most constrained policy holds (its burst).", 10),
            new HeaderDoc(RateLimitHeaders.REMAINING, HeaderStyle.LEGACY, 0L,
                    "What is left in the most constrained bucket.", 9),
            new HeaderDoc(RateLimitHeaders.RESET, HeaderStyle.LEGACY, 0L,
                    "When the most constrained bucket is full again, in Unix epoch seconds.", 1796031507),
            new HeaderDoc(RateLimitHeaders.RETRY_AFTER, null, 1L,
                    "Seconds to wait before retrying, rounded up. Absent when the call asks for more than a full"
                    + " bucket holds: it can never pass.", 1));

    private final Set<HeaderStyle> styles;

    RateLimitComponents(Set<HeaderStyle> styles) {
        this.styles = Set.copyOf(styles);
    }

    /** The rate-limit headers a decided response may carry (exempt callers get none), by name, as references. */
    Map<String, Header> rateLimitHeaders() {
        Map<String, Header> headers = new LinkedHashMap<>();
        for (HeaderDoc doc : HEADERS) {
            if (doc.style() != null && styles.contains(doc.style())) {
                headers.put(doc.name(), OASFactory.createHeader().ref(doc.component()));
            }
        }
        return headers;
    }

    /** A reference to the 429 response. */
    APIResponse tooManyRequests() {
        return OASFactory.createAPIResponse().ref(TOO_MANY_REQUESTS);
    }

    /**
     * Adds the shared parts under {@code components}, keeping any the document already has; the 429 response and
     * the problem schema only when some operation refers to them.
     */
    void addTo(OpenAPI openAPI, boolean refusals) {
        Components components = openAPI.getComponents();
        if (components == null) {
            components = OASFactory.createComponents();
            openAPI.setComponents(components);
        }
        if (refusals && absent(components.getSchemas(), PROBLEM)) {
            components.addSchema(PROBLEM, problemSchema());
        }
        for (HeaderDoc doc : HEADERS) {
            boolean used = doc.style() == null ? refusals : styles.contains(doc.style());
            if (used && absent(components.getHeaders(), doc.component())) {
                components.addHeader(doc.component(), OASFactory.createHeader().description(doc.description())
                        .schema(doc.schema()).example(doc.example()));
            }
        }
        if (refusals && absent(components.getResponses(), TOO_MANY_REQUESTS)) {
            APIResponse response = OASFactory.createAPIResponse()
                    .description("Too Many Requests: a rate limit refused the call. Retry-After says when to try again;"
                            + " the body names the policies that refused it.")
                    .content(OASFactory.createContent().addMediaType(ProblemDetails.MEDIA_TYPE,
                            OASFactory.createMediaType().schema(OASFactory.createSchema().ref(PROBLEM))));
            response.addHeader(RateLimitHeaders.RETRY_AFTER, OASFactory.createHeader().ref(component(RateLimitHeaders.RETRY_AFTER)));
            rateLimitHeaders().forEach(response::addHeader);
            components.addResponse(TOO_MANY_REQUESTS, response);
        }
    }

    /** The body {@code io.throttled.jaxrs.ProblemDetails} writes for a refusal (RFC 9457 plus the policy's fields). */
    private static Schema problemSchema() {
        return SchemaTypes.of(SchemaType.OBJECT)
                .description("RFC 9457 problem details of a call a rate limit refused, with the draft's quota-exceeded"
                        + " problem type")
                .addProperty("type", string("The problem type").format("uri").example(ProblemDetails.QUOTA_EXCEEDED))
                .addProperty("title", string("Always 'Too Many Requests'").example("Too Many Requests"))
                .addProperty("status", SchemaTypes.of(SchemaType.INTEGER).format("int32").description("The HTTP status, 429")
                        .example(429))
                .addProperty("detail", string("Which limit of which policy refused the call, and when to retry"))
                .addProperty("instance", string("The request path").format("uri-reference"))
                .addProperty("policy", string("The policy whose limit refused the call").example("ping"))
                .addProperty("tier", string("The caller's tier under that policy; absent for the policy's own buckets"))
                .addProperty("limit", string("The limit that refused the call").example("1/1s;burst=10"))
                .addProperty("retryAfter", integer(1).description("Seconds to wait, as Retry-After; absent when the call"
                        + " can never pass"))
                .addProperty("violated-policies", SchemaTypes.of(SchemaType.ARRAY)
                        .description("Every policy that refused the call").items(SchemaTypes.of(SchemaType.STRING)))
                .required(List.of("type", "title", "status", "detail", "policy", "limit", "violated-policies"));
    }

    private static String component(String header) {
        return HEADERS.stream().filter(h -> h.name().equals(header)).findFirst().orElseThrow().component();
    }

    private static Schema string(String description) {
        return SchemaTypes.of(SchemaType.STRING).description(description);
    }

    private static Schema integer(long minimum) {
        return SchemaTypes.of(SchemaType.INTEGER).format("int64").minimum(java.math.BigDecimal.valueOf(minimum));
    }

    private static boolean absent(Map<String, ?> existing, String name) {
        return existing == null || !existing.containsKey(name);
    }
}
