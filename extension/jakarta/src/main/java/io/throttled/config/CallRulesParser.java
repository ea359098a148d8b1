package io.throttled.config;

import io.throttled.core.Violation;
import io.throttled.core.Waiting;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Reads a policy's call rules from its settings, naming every bad field. */
final class CallRulesParser {
    private static final java.util.regex.Pattern PENALTY_FORM = java.util.regex.Pattern.compile("(\\d{1,9})\\s*(ms|s|m|h)");
    private CallRulesParser() {
    }

    static CallRules parse(Map<PolicyField, Setting> settings, boolean unlimited, List<Violation> violations) {
        return new CallRules(
                field(settings, PolicyField.COUNT, CountCondition::parse, CountCondition.ALL, violations),
                field(settings, PolicyField.EXEMPT, Exemptions::parse, Exemptions.NONE, violations),
                field(settings, PolicyField.TIER_BY, TierSource::parse, TierSource.NONE, violations),
                field(settings, PolicyField.TIERS, Tiers::parseOrder, List.of(), violations),
                unlimited,
                field(settings, PolicyField.PENALTY, CallRulesParser::penalty, 0L, violations));
    }

    private static long penalty(String text) {
        String value = text.trim();
        if (value.isEmpty() || value.equals("0")) {
            return 0;
        }
        java.util.regex.Matcher m = PENALTY_FORM.matcher(value);
        if (!m.matches()) {
            throw new IllegalArgumentException("is not a wait; must be 0 (never) or a wait up to 1h, as 30s or 500ms");
        }
        long unit = switch (m.group(2)) {
            case "ms" -> 1;
            case "s" -> 1_000;
            case "m" -> 60_000;
            default -> 3_600_000;
        };
        long millis = Long.parseLong(m.group(1)) * unit;
        if (millis < 1 || millis > Waiting.MAX_WAIT_MILLIS) {
            throw new IllegalArgumentException("must be 0 (never) or a wait up to 1h, as 30s or 500ms");
        }
        return millis;
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
