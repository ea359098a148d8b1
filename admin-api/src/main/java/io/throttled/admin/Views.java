package io.throttled.admin;

import io.throttled.config.PolicyField;
import io.throttled.config.ResolvedPolicy;
import io.throttled.config.Setting;
import io.throttled.core.Decision;
import io.throttled.core.Limit;
import io.throttled.core.Policy;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The admin API's JSON shapes. */
final class Views {
    private Views() {
    }

    /** A policy as in force, with each setting's source. */
    public record PolicyView(String name, String algorithm, String rate, String refill, String key, long cost,
                             boolean enforce, List<LimitView> limits, Map<String, SettingView> settings,
                             boolean overridden) {
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

    public record ResetView(String policy, String key, long keysRemoved) {
    }

    public record CountView(String policy, Map<String, Long> outcomes) {
    }

    static PolicyView of(ResolvedPolicy resolved) {
        Policy p = resolved.policy();
        Map<String, SettingView> settings = new LinkedHashMap<>();
        boolean overridden = false;
        for (Map.Entry<PolicyField, Setting> e : resolved.settings().entrySet()) {
            Setting s = e.getValue();
            settings.put(e.getKey().configName(), new SettingView(s.value(), s.source().label(), s.origin()));
            overridden |= s.source() == io.throttled.config.FieldSource.OVERRIDE;
        }
        return new PolicyView(p.name(), p.algorithm().configName(), p.rate(), p.refill().configName(),
                p.key().toString(), p.cost(), p.enforce(), p.limits().stream().map(LimitView::of).toList(), settings,
                overridden);
    }

    static BucketView bucket(Policy policy, String key, Decision peek, Long ttl) {
        return new BucketView(policy.name(), key, ttl != null, peek.remaining(), peek.resetAfterMillis(), ttl,
                peek.limit().toString());
    }
}
