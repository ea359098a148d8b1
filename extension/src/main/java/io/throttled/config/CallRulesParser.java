package io.throttled.config;

import io.throttled.core.Violation;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Reads a policy's call rules from its settings, naming every bad field. */
final class CallRulesParser {
    private CallRulesParser() {
    }

    static CallRules parse(Map<PolicyField, Setting> settings, boolean unlimited, List<Violation> violations) {
        return new CallRules(
                field(settings, PolicyField.COUNT, CountCondition::parse, CountCondition.ALL, violations),
                field(settings, PolicyField.EXEMPT, Exemptions::parse, Exemptions.NONE, violations),
                field(settings, PolicyField.TIER_BY, TierSource::parse, TierSource.NONE, violations),
                field(settings, PolicyField.TIERS, Tiers::parseOrder, List.of(), violations),
                unlimited);
    }

    /** The field's parsed value; when it does not parse, the violation is noted and the default stands in. */
    private static <T> T field(Map<PolicyField, Setting> settings, PolicyField field, Function<String, T> parse,
                               T fallback, List<Violation> violations) {
        String text = settings.get(field).value();
        try {
            return parse.apply(text);
        } catch (IllegalArgumentException e) {
            violations.add(new Violation(field.configName(), text, e.getMessage()));
            return fallback;
        }
    }
}
