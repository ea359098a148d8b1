package io.throttled.jaxrs;

import io.throttled.cdi.Outcome;
import io.throttled.config.HeaderStyle;
import io.throttled.core.Decision;
import io.throttled.core.Limit;
import io.throttled.core.Policy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.StringJoiner;

/**
 * The rate-limit response headers for the decisions of one request.
 *
 * <ul>
 * <li>IETF (draft-ietf-httpapi-ratelimit-headers-11): {@code RateLimit-Policy: "ping";q=10;w=1} lists every
 * limit of every policy the request met; {@code RateLimit: "ping";r=4;t=1} gives what is left under the
 * deciding limit and, in seconds, when it is back in full (when denied: when the call may be retried).
 * A policy with several limits names its items {@code "api/1s"}, {@code "api/1h"}. The draft counts
 * windows in whole seconds, so a window under a second is announced as {@code w=1}.
 * <li>Legacy, for the most constrained decision: {@code X-RateLimit-Limit} (the burst: what a full bucket
 * holds), {@code X-RateLimit-Remaining}, {@code X-RateLimit-Reset} (Unix epoch seconds).
 * </ul>
 */
public final class RateLimitHeaders {
    public static final String POLICY = "RateLimit-Policy";
    public static final String RATE_LIMIT = "RateLimit";
    public static final String LIMIT = "X-RateLimit-Limit";
    public static final String REMAINING = "X-RateLimit-Remaining";
    public static final String RESET = "X-RateLimit-Reset";
    public static final String RETRY_AFTER = "Retry-After";

    private RateLimitHeaders() {
    }

    /**
     * Header name → value for these outcomes, in a stable order. Decisions a failure mode made without any
     * state ({@code open}, {@code closed}) say nothing about limits, so they add no headers.
     */
    public static Map<String, String> of(Set<HeaderStyle> styles, List<Outcome> all, long nowEpochMillis) {
        Map<String, String> headers = new LinkedHashMap<>();
        // on every throttled response: plain loops, no streams
        List<Outcome> outcomes = new ArrayList<>(all.size());
        for (Outcome o : all) {
            if (o.decision().origin() != Decision.Origin.FAIL_OPEN && o.decision().origin() != Decision.Origin.FAIL_CLOSED) {
                outcomes.add(o);
            }
        }
        if (outcomes.isEmpty()) {
            return headers;
        }
        if (styles.contains(HeaderStyle.IETF)) {
            StringJoiner policies = new StringJoiner(", ");
            List<String> seen = new ArrayList<>();
            StringJoiner limits = new StringJoiner(", ");
            for (Outcome o : outcomes) {
                if (!seen.contains(o.policy().name())) {
                    seen.add(o.policy().name());
                    for (Limit limit : o.policy().limits()) {
                        policies.add(item(o.policy(), limit) + ";q=" + limit.quantity() + ";w=" + windowSeconds(limit));
                    }
                }
                limits.add(item(o.policy(), o.decision().limit()) + ";r=" + o.decision().remaining()
                        + ";t=" + effectiveWindowSeconds(o.decision()));
            }
            headers.put(POLICY, policies.toString());
            headers.put(RATE_LIMIT, limits.toString());
        }
        if (styles.contains(HeaderStyle.LEGACY)) {
            Decision tightest = tightest(outcomes);
            headers.put(LIMIT, Long.toString(tightest.limit().burst()));
            headers.put(REMAINING, Long.toString(tightest.remaining()));
            headers.put(RESET, Long.toString(ceilDiv(nowEpochMillis + tightest.resetAfterMillis(), 1000)));
        }
        return headers;
    }

    /** Whole seconds to wait, rounded up and never 0 while denied; empty when waiting cannot help. */
    public static OptionalLong retryAfterSeconds(Decision decision) {
        if (decision.allowed() || decision.canNeverSucceed()) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Math.max(1, ceilDiv(decision.retryAfterMillis(), 1000)));
    }

    /** The decision most worth telling a client about: a denial, else the one with the least left. */
    static Decision tightest(List<Outcome> outcomes) {
        Decision tightest = outcomes.get(0).decision();
        for (Outcome o : outcomes) {
            Decision d = o.decision();
            if (tightest.allowed() && !d.allowed() || tightest.allowed() == d.allowed() && d.remaining() < tightest.remaining()) {
                tightest = d;
            }
        }
        return tightest;
    }

    /** The structured-field string naming a limit: the policy, or policy/window when it has several. */
    static String item(Policy policy, Limit limit) {
        String name = policy.limits().size() == 1 ? policy.name() : policy.name() + "/" + limit.windowText();
        return "\"" + name.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static long windowSeconds(Limit limit) {
        return Math.max(1, ceilDiv(limit.windowMillis(), 1000));
    }

    private static long effectiveWindowSeconds(Decision decision) {
        OptionalLong retry = retryAfterSeconds(decision);
        return retry.isPresent() ? retry.getAsLong() : ceilDiv(decision.resetAfterMillis(), 1000);
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }
}
