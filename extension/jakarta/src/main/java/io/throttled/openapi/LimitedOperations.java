package io.throttled.openapi;

import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

/**
 * Adds to each documented operation that policies cover what they mean for a client: the policies
 * ({@code x-throttled-policies}), the 429 response when one of them may refuse a call, and the rate-limit
 * headers on its successful responses. What the application documented itself stays: its own 429 response,
 * a header it already describes, a response that is a reference.
 */
final class LimitedOperations {
    static final String TOO_MANY_REQUESTS = "429";

    private final PolicyCoverage coverage;
    private final RateLimitComponents components;

    LimitedOperations(PolicyCoverage coverage, RateLimitComponents components) {
        this.coverage = coverage;
        this.components = components;
    }

    void applyTo(OpenAPI openAPI) {
        if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
            return;
        }
        boolean covered = false;
        boolean refusals = false;
        for (Map.Entry<String, PathItem> path : openAPI.getPaths().getPathItems().entrySet()) {
            if (path.getValue() == null || path.getValue().getOperations() == null) {
                continue;
            }
            for (Map.Entry<PathItem.HttpMethod, Operation> operation : path.getValue().getOperations().entrySet()) {
                List<CoveringPolicy> policies = coverage.of(operation.getKey().name(), path.getKey());
                if (!policies.isEmpty()) {
                    covered = true;
                    refusals |= describe(operation.getValue(), policies);
                }
            }
        }
        if (covered) {
            components.addTo(openAPI, refusals);
        }
    }

    /** @return whether the operation now refers to the 429 response */
    private boolean describe(Operation operation, List<CoveringPolicy> policies) {
        operation.addExtension(PolicyDescriptions.EXTENSION, PolicyDescriptions.of(policies));
        APIResponses responses = operation.getResponses();
        if (responses == null) {
            responses = OASFactory.createAPIResponses();
            operation.setResponses(responses);
        }
        boolean refers = false;
        if (policies.stream().anyMatch(CoveringPolicy::mayRefuse) && !responses.hasAPIResponse(TOO_MANY_REQUESTS)) {
            responses.addAPIResponse(TOO_MANY_REQUESTS, components.tooManyRequests());
            refers = true;
        }
        if (responses.getAPIResponses() != null) {
            for (Map.Entry<String, APIResponse> response : responses.getAPIResponses().entrySet()) {
                if (response.getKey().startsWith("2") && response.getValue() != null && response.getValue().getRef() == null) {
                    addHeaders(response.getValue());
                }
            }
        }
        return refers;
    }

    private void addHeaders(APIResponse response) {
        components.rateLimitHeaders().forEach((name, header) -> {
            if (response.getHeaders() == null || !response.getHeaders().containsKey(name)) {
                response.addHeader(name, header);
            }
        });
    }
}
