package io.throttled.jaxrs;

import io.throttled.cdi.Outcome;
import io.throttled.config.HeaderStyle;
import io.throttled.core.AnnouncedQuota;
import io.throttled.core.Decision;
import io.throttled.core.Limit;
import io.throttled.core.PerPolicy;
import io.throttled.core.Policy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.StringJoiner;
import java.util.function.BiConsumer;

/**
 * The rate-limit response headers for the decisions of one request.
 *
 * <ul>
 * <li>IETF, draft-ietf-httpapi-ratelimit-headers-11 (23 May 2026; no later revision could be found):
 * {@code RateLimit-Policy: "ping";q=10;w=10} lists every limit of every policy the request met;
 * {@code RateLimit: "ping";r=4;t=1} gives what is left under the deciding limit and, in seconds, when it is
 * back in full (when denied: when the call may be retried). A policy with several limits names its items
 * {@code "api/1s"}, {@code "api/1h"}. The draft (section 3.1) defines {@code q} as "the quota allocated by
 * this policy measured in quota units" and {@code w} as "a non-negative, non-zero, Integer value expressing
 * an interval in seconds ... Sub-second precision is not supported"; section 4.1.1 defines {@code r} as
 * "the available quota under the identified policy". So {@code q} is what the algorithm really allows, and
 * never less than an {@code r} the same limit reports: for a bucket its burst over the time it takes to
 * refill from empty, for a window its quantity over the window ({@link AnnouncedQuota}); {@code w} is rounded
 * up to whole seconds, never 0. Its optional {@code qu} (the default, requests, holds) and {@code pk} (a
 * partition key, which would reveal the client's key) are not sent.
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
    private static final long MAX_SF_INTEGER = 999_999_999_999_999L;

    private RateLimitHeaders() {
    }

    /**
     * Header name → value for these outcomes, in a stable order. Decisions made without any state (failure
     * modes {@code open} and {@code closed}, a request skipped because another of its group was denied) say
     * nothing about limits, so they add no headers.
     */
    public static Map<String, String> of(Set<HeaderStyle> styles, List<Outcome> all, long nowEpochMillis) {
        Map<String, String> headers = new LinkedHashMap<>();
        write(styles, all, nowEpochMillis, headers::put);
        return headers;
    }

    /**
     * The same headers, each handed to {@code sink} in the same order: on every throttled response, so without
     * a map in between, and for the usual single decision without lists either.
     */
    public static void write(Set<HeaderStyle> styles, List<Outcome> all, long nowEpochMillis,
                             BiConsumer<String, String> sink) {
        if (all.size() == 1) {
            Outcome only = all.get(0);
            if (!only.decision().reportsState()) {
                return;   // a skipped one alone has no state to report, so it announces nothing either
            }
            if (styles.contains(HeaderStyle.IETF)) {
                PolicyTexts texts = TEXTS.of(only.policy());
                sink.accept(POLICY, texts.policyItems);
                sink.accept(RATE_LIMIT, limitItem(texts, only.decision()));
            }
            if (styles.contains(HeaderStyle.LEGACY)) {
                legacy(only.decision(), nowEpochMillis, sink);
            }
            return;
        }
        // plain loops, no streams
        List<Outcome> outcomes = new ArrayList<>(all.size());
        List<Outcome> announced = new ArrayList<>(all.size());
        for (Outcome o : all) {
            if (o.decision().reportsState()) {
                outcomes.add(o);
            }
            if (o.decision().reportsState() || o.decision().origin() == Decision.Origin.SKIPPED) {
                announced.add(o);   // a skipped one's quota is known, its state is not: RateLimit-Policy only
            }
        }
        if (outcomes.isEmpty()) {
            return;
        }
        if (styles.contains(HeaderStyle.IETF)) {
            StringJoiner policies = new StringJoiner(", ");
            List<String> seen = new ArrayList<>();
            StringJoiner limits = new StringJoiner(", ");
            for (Outcome o : announced) {
                if (!seen.contains(o.policy().name())) {
                    seen.add(o.policy().name());
                    policies.add(TEXTS.of(o.policy()).policyItems);
                }
            }
            for (Outcome o : outcomes) {
                limits.add(limitItem(TEXTS.of(o.policy()), o.decision()));
            }
            sink.accept(POLICY, policies.toString());
            sink.accept(RATE_LIMIT, limits.toString());
        }
        if (styles.contains(HeaderStyle.LEGACY)) {
            legacy(tightest(outcomes), nowEpochMillis, sink);
        }
    }

    /** One {@code RateLimit} item: {@code "ping";r=4;t=1}. */
    private static String limitItem(PolicyTexts texts, Decision decision) {
        return texts.item(decision.limit()) + ";r=" + sfInteger(decision.remaining()) + ";t=" + effectiveWindowSeconds(decision);
    }

    private static void legacy(Decision tightest, long nowEpochMillis, BiConsumer<String, String> sink) {
        sink.accept(LIMIT, Long.toString(tightest.limit().burst()));
        sink.accept(REMAINING, Long.toString(tightest.remaining()));
        sink.accept(RESET, Long.toString(ceilDiv(nowEpochMillis + tightest.resetAfterMillis(), 1000)));
    }

    /** A policy's fixed header texts, made once per policy instance, not per response. */
    private static final PerPolicy<PolicyTexts> TEXTS = new PerPolicy<>(PolicyTexts::new);

    /** A policy's {@code RateLimit-Policy} items, joined, and the quoted name of each of its limits. */
    private static final class PolicyTexts {
        final Policy policy;
        final String policyItems;
        final List<Limit> limits;
        final String[] items;

        PolicyTexts(Policy policy) {
            this.policy = policy;
            this.policyItems = String.join(", ", policyItems(policy));
            this.limits = policy.limits();
            this.items = new String[limits.size()];
            for (int i = 0; i < items.length; i++) {
                items[i] = RateLimitHeaders.item(policy, limits.get(i));
            }
        }

        String item(Limit limit) {
            for (int i = 0; i < items.length; i++) {
                if (limits.get(i) == limit) {
                    return items[i];
                }
            }
            return RateLimitHeaders.item(policy, limit);   // a limit of the policy's, not the same instance
        }
    }

    /** The {@code RateLimit-Policy} items a policy announces, one per limit: {@code "ping";q=10;w=10}. */
    public static List<String> policyItems(Policy policy) {
        List<String> items = new ArrayList<>(policy.limits().size());
        for (Limit limit : policy.limits()) {
            items.add(policyItem(policy, limit));
        }
        return items;
    }

    private static String policyItem(Policy policy, Limit limit) {
        AnnouncedQuota quota = AnnouncedQuota.of(policy, limit);
        return item(policy, limit) + ";q=" + sfInteger(quota.quota()) + ";w=" + sfInteger(quota.windowSeconds());
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

    /**
     * A structured-field Integer has at most 15 digits (RFC 9651 section 3.3.1), and a limit in the exact
     * range may count up to 2^51 (16 digits). Capping q and r alike keeps r at most q.
     */
    private static long sfInteger(long value) {
        return Math.min(value, MAX_SF_INTEGER);
    }

    private static long effectiveWindowSeconds(Decision decision) {
        OptionalLong retry = retryAfterSeconds(decision);
        return retry.isPresent() ? retry.getAsLong() : ceilDiv(decision.resetAfterMillis(), 1000);
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }
}
