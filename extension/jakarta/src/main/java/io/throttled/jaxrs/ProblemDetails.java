package io.throttled.jaxrs;

import io.throttled.core.Decision;
import java.util.OptionalLong;

/**
 * The RFC 9457 body of a denied call, with the draft's "quota-exceeded" problem type. Written by hand:
 * the shape is fixed and small, and this keeps JSON-P out of the application's required features.
 */
public final class ProblemDetails {
    public static final String MEDIA_TYPE = "application/problem+json";
    public static final String QUOTA_EXCEEDED = "https://iana.org/assignments/http-problem-types#quota-exceeded";
    static final String REDUCED_CAPACITY = "https://iana.org/assignments/http-problem-types#temporary-reduced-capacity";

    private ProblemDetails() {
    }

    /** The 503 body when Redis failed and the failure mode is closed. */
    static String unavailable(Decision decision, String instance) {
        OptionalLong retry = RateLimitHeaders.retryAfterSeconds(decision);
        StringBuilder json = new StringBuilder(256).append('{');
        field(json, "type", REDUCED_CAPACITY).append(',');
        field(json, "title", "Service Unavailable").append(',');
        json.append("\"status\":503,");
        field(json, "detail", "The rate limiter cannot reach its store and refuses calls until it can (policy '"
                + decision.policy() + "'); retry in " + retry.orElse(1) + " s.").append(',');
        if (instance != null) {
            field(json, "instance", instance).append(',');
        }
        field(json, "policy", decision.policy()).append(',');
        json.append("\"retryAfter\":").append(retry.orElse(1)).append(',');
        json.append("\"violated-policies\":[");
        string(json, decision.policy()).append("]}");
        return json.toString();
    }

    static String rateLimited(Decision decision, String instance) {
        return rateLimited(decision, instance, java.util.List.of(decision.policy()), null);
    }

    /**
     * @param violated every policy that denied the call (with several policies met, all are named)
     * @param tier     the caller's tier under the deciding policy, or null for the default tier
     */
    static String rateLimited(Decision decision, String instance, java.util.List<String> violated, String tier) {
        OptionalLong retry = RateLimitHeaders.retryAfterSeconds(decision);
        String detail = decision.canNeverSucceed()
                ? "This call asks for more than the burst of limit " + decision.limit() + " of policy '"
                  + decision.policy() + "' allows at once; it can never pass."
                : "Rate limit " + decision.limit() + " of policy '" + decision.policy() + "' exceeded; retry in "
                  + retry.orElse(0) + " s.";
        StringBuilder json = new StringBuilder(256).append('{');
        field(json, "type", QUOTA_EXCEEDED).append(',');
        field(json, "title", "Too Many Requests").append(',');
        json.append("\"status\":429,");
        field(json, "detail", detail).append(',');
        if (instance != null) {
            field(json, "instance", instance).append(',');
        }
        field(json, "policy", decision.policy()).append(',');
        if (tier != null) {
            field(json, "tier", tier).append(',');
        }
        field(json, "limit", decision.limit().toString()).append(',');
        if (retry.isPresent()) {
            json.append("\"retryAfter\":").append(retry.getAsLong()).append(',');
        }
        json.append("\"violated-policies\":[");
        for (int i = 0; i < violated.size(); i++) {
            string(json.append(i == 0 ? "" : ","), violated.get(i));
        }
        json.append("]}");
        return json.toString();
    }

    private static StringBuilder field(StringBuilder json, String name, String value) {
        string(json, name).append(':');
        return string(json, value);
    }

    private static StringBuilder string(StringBuilder json, String value) {
        json.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                case '\n' -> json.append("\\n");
                case '\r' -> json.append("\\r");
                case '\t' -> json.append("\\t");
                default -> {
                    if (c < 0x20) {
                        json.append(String.format("\\u%04x", (int) c));
                    } else {
                        json.append(c);
                    }
                }
            }
        }
        return json.append('"');
    }
}
