package io.throttled.admin;

import io.throttled.core.Decision;
import io.throttled.core.Limit;
import io.throttled.core.Policy;
import io.throttled.operator.EffectiveSetting;
import io.throttled.operator.Explanation;
import io.throttled.operator.FallbackEpisode;
import io.throttled.operator.FallbackState;
import io.throttled.operator.PolicyState;
import io.throttled.operator.RouteState;
import jakarta.json.JsonValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The admin API's JSON shapes. */
final class Views {
    private Views() {
    }

    /**
     * A policy as in force, with each setting's source; {@code failureMode} is what decides its calls when Redis
     * cannot, its own or the store's default (its {@code failure-mode} setting says which).
     */
    public record PolicyView(String name, String algorithm, String rate, String refill, String key, long cost,
                             boolean enforce, String failureMode, List<LimitView> limits, Map<String, SettingView> settings,
                             boolean overridden, List<String> tiers) {
    }

    /** A route: its match, each setting's source, and its policy (with the route's name). */
    public record RouteView(String name, String path, List<String> methods, int priority, Map<String, SettingView> settings,
                            PolicyView policy, boolean runtime) {
    }

    /** What a request would meet, policy by policy, in the order they are decided. */
    public record ExplainView(String method, String path, String resourceMethod, String template, String clientAddress,
                              List<CheckView> policies) {
    }

    /**
     * One policy of an explanation: where it came from, the tier, the policy its buckets belong to, the key;
     * {@code decided} false when the caller is exempt or the tier unlimited.
     */
    public record CheckView(String source, String policy, String tier, String bucketPolicy, String key, boolean decided,
                            String exemptBy, String count, String rate, String algorithm, boolean enforce) {
    }

    public record LimitView(long quantity, String window, long burst, String text) {
        static LimitView of(Limit limit) {
            return new LimitView(limit.quantity(), limit.windowText(), limit.burst(), limit.toString());
        }
    }

    /** Where a setting came from: {@code default}, {@code annotation}, {@code config} or {@code runtime override}. */
    public record SettingView(String value, String source, String origin) {
    }

    public record BucketView(String policy, String key, boolean exists, long remaining, long resetAfterMillis,
                             Long timeToLiveMillis, String limit) {
    }

    public record KeyPageView(String policy, List<String> keys, String cursor, boolean last) {
    }

    /**
     * What a reset did: {@code complete} false when a policy's reset stopped at its time bound, {@code cursor} then
     * where the next call goes on.
     */
    public record ResetView(String policy, String key, long keysRemoved, boolean complete, String cursor) {
    }

    public record CountView(String policy, Map<String, Long> outcomes) {
    }

    /**
     * This node's decisions without Redis, in the stats' snake_case: {@code redis_configured}, {@code running} and
     * {@code last} (an episode, or null), {@code episodes}, {@code decided_without_redis} by cause, {@code uncharged_keys}.
     */
    static Map<String, Object> fallback(FallbackState state) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("redis_configured", state.redisConfigured());
        view.put("running", episode(state.running()));
        view.put("last", episode(state.last()));
        view.put("episodes", state.episodes());
        view.put("decided_without_redis", state.decidedWithoutRedis());
        view.put("uncharged_keys", state.unchargedKeys());
        return view;
    }

    /** An episode: when it started (ISO-8601, UTC), how long it ran, its first policy and cause, calls by mode. */
    private static Object episode(Optional<FallbackEpisode> episode) {
        if (episode.isEmpty()) {
            return JsonValue.NULL;   // written as null, where a missing member would read as an older server's answer
        }
        FallbackEpisode e = episode.get();
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("started_at", e.startedAt().toString());
        view.put("duration_millis", e.durationMillis());
        view.put("policy", e.policy());
        view.put("first_cause", e.firstCause());
        view.put("decided", e.decided());
        return view;
    }

    static PolicyView of(PolicyState state) {
        Policy p = state.policy();
        boolean unlimited = state.unlimited();
        return new PolicyView(p.name(), p.algorithm().configName(), unlimited ? "unlimited" : p.rate(),
                p.refill().configName(), p.key().toString(), p.cost(), p.enforce(), state.failureMode().configName(),
                unlimited ? List.of() : p.limits().stream().map(LimitView::of).toList(), settings(state.settings()),
                state.overridden(), state.tiers());
    }

    static RouteView route(RouteState route) {
        return new RouteView(route.name(), route.path(), route.methods(), route.priority(), settings(route.settings()),
                of(route.policy()), route.runtime());
    }

    static ExplainView explain(Explanation explanation) {
        return new ExplainView(explanation.method(), explanation.path(), explanation.resourceMethod(),
                explanation.template(), explanation.clientAddress(), explanation.checks().stream().map(Views::check).toList());
    }

    static CheckView check(Explanation.Check c) {
        Policy applied = c.bucketPolicy();
        return new CheckView(c.origin(), c.policy(), c.tier(), applied.name(), c.key(), c.decided(), c.exemptBy(),
                c.count(), c.unlimited() ? "unlimited" : applied.rate(), applied.algorithm().configName(), applied.enforce());
    }

    static BucketView bucket(Policy policy, String key, Decision peek, Long ttl) {
        return new BucketView(policy.name(), key, ttl != null, peek.remaining(), peek.resetAfterMillis(), ttl,
                peek.limit().toString());
    }

    private static Map<String, SettingView> settings(Map<String, EffectiveSetting> settings) {
        Map<String, SettingView> views = new LinkedHashMap<>();
        settings.forEach((field, s) -> views.put(field, new SettingView(s.value(), s.source(), s.origin())));
        return views;
    }
}
