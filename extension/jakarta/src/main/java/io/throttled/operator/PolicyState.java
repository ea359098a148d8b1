package io.throttled.operator;

import io.throttled.config.ConfigKeys;
import io.throttled.config.FieldSource;
import io.throttled.config.PolicyField;
import io.throttled.config.ResolvedPolicy;
import io.throttled.config.Setting;
import io.throttled.core.FailureMode;
import io.throttled.core.Policy;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A policy as in force now, with every setting and where it came from. A tier is a policy of its own, named
 * {@code <policy>.tier.<tier>}.
 *
 * @param policy    the policy in force: its name, algorithm, limits, key, cost and whether it is enforced
 * @param settings  each field's effective setting by its config name, in the order of {@link Policies#fields()};
 *                  {@code failure-mode} the policy's own, or else the store's default (source {@code default},
 *                  origin {@code throttled.redis.failure-mode})
 * @param unlimited whether it admits every call without deciding (a tier whose rate is {@code unlimited}): its
 *                  limits then mean nothing
 * @param tiers     the names of its tiers, in the order {@code tier-by=role:} tries them
 */
public record PolicyState(Policy policy, Map<String, EffectiveSetting> settings, boolean unlimited, List<String> tiers) {

    /**
     * A state that does not change: the settings and tiers are copied.
     *
     * @param policy    the policy in force
     * @param settings  each field's effective setting by its config name
     * @param unlimited whether it admits every call without deciding
     * @param tiers     the names of its tiers
     */
    public PolicyState {
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        tiers = List.copyOf(tiers);
    }

    /** {@return whether an operator overrides any of its settings at runtime} */
    public boolean overridden() {
        return settings.values().stream().anyMatch(EffectiveSetting::overridden);
    }

    /**
     * What decides its calls when Redis cannot: its own failure mode, or else the store's default as its
     * {@code failure-mode} setting shows it ({@code local}, the default's default, when no setting says).
     *
     * @return the failure mode in force for it
     */
    public FailureMode failureMode() {
        EffectiveSetting setting = settings.get(PolicyField.FAILURE_MODE.configName());
        FailureMode shown = FailureMode.LOCAL;
        if (setting != null && !setting.value().isBlank()) {
            try {
                shown = FailureMode.fromConfig(setting.value());
            } catch (IllegalArgumentException notAMode) {
                // a state built by hand with text that is no mode: the policy's own, else the default's default
            }
        }
        return policy.failureModeOr(shown);
    }

    /**
     * The state of a resolved policy.
     *
     * @param resolved     the policy as resolved from the annotation, config and overrides
     * @param storeDefault the failure mode of the policies that set none ({@code throttled.redis.failure-mode}): a
     *                     policy's {@code failure-mode} shows it when the policy follows it
     * @return its state
     */
    static PolicyState of(ResolvedPolicy resolved, FailureMode storeDefault) {
        Map<String, EffectiveSetting> settings = new LinkedHashMap<>();
        for (Map.Entry<PolicyField, Setting> e : resolved.settings().entrySet()) {
            EffectiveSetting setting = EffectiveSetting.of(e.getValue());
            if (e.getKey() == PolicyField.FAILURE_MODE && resolved.policy().failureMode() == null) {
                setting = new EffectiveSetting(storeDefault.configName(), FieldSource.DEFAULT.label(),
                        ConfigKeys.REDIS_FAILURE_MODE);
            }
            settings.put(e.getKey().configName(), setting);
        }
        return new PolicyState(resolved.policy(), settings, resolved.rules().unlimited(),
                List.copyOf(resolved.tiers().keySet()));
    }
}
