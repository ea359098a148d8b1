package io.throttled.config;

import io.throttled.core.Violation;
import java.util.List;
import java.util.Map;

/** Reads a policy's call rules from its settings, naming every bad field. */
final class CallRulesParser {
    private CallRulesParser() {
    }

    static CallRules parse(Map<PolicyField, Setting> settings, boolean unlimited, List<Violation> violations) {
        CountCondition count = CountCondition.ALL;
        Exemptions exempt = Exemptions.NONE;
        TierSource tierBy = TierSource.NONE;
        List<String> order = List.of();
        String countText = settings.get(PolicyField.COUNT).value();
        try {
            count = CountCondition.parse(countText);
        } catch (IllegalArgumentException e) {
            violations.add(new Violation("count", countText, e.getMessage()));
        }
        String exemptText = settings.get(PolicyField.EXEMPT).value();
        try {
            exempt = Exemptions.parse(exemptText);
        } catch (IllegalArgumentException e) {
            violations.add(new Violation("exempt", exemptText, e.getMessage()));
        }
        String tierByText = settings.get(PolicyField.TIER_BY).value();
        try {
            tierBy = TierSource.parse(tierByText);
        } catch (IllegalArgumentException e) {
            violations.add(new Violation("tier-by", tierByText, e.getMessage()));
        }
        String tiersText = settings.get(PolicyField.TIERS).value();
        try {
            order = Tiers.parseOrder(tiersText);
        } catch (IllegalArgumentException e) {
            violations.add(new Violation("tiers", tiersText, e.getMessage()));
        }
        return new CallRules(count, exempt, tierBy, order, unlimited);
    }
}
