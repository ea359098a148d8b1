package io.throttled.admin;

import io.throttled.config.PolicyField;
import io.throttled.config.ResolvedPolicy;
import io.throttled.config.Setting;
import io.throttled.core.LogText;
import java.util.Map;
import java.util.StringJoiner;

/**
 * One line per change an operator makes, on the logger {@code io.throttled.admin.audit}: who, what, the old
 * value, the new value. Route that logger to where audit trails are kept.
 */
final class AuditLog {
    private static final System.Logger LOG = System.getLogger("io.throttled.admin.audit");

    private AuditLog() {
    }

    /** A policy change: the fields whose value or source changed, before and after. */
    static void changed(String who, String action, ResolvedPolicy before, ResolvedPolicy after) {
        StringJoiner old = new StringJoiner(", ", "{", "}");
        StringJoiner now = new StringJoiner(", ", "{", "}");
        for (Map.Entry<PolicyField, Setting> e : after.settings().entrySet()) {
            Setting was = before.settings().get(e.getKey());
            Setting is = e.getValue();
            if (!was.value().equals(is.value()) || was.source() != is.source()) {
                old.add(e.getKey().configName() + "=" + was.value() + " (" + was.source().label() + ")");
                now.add(e.getKey().configName() + "=" + is.value() + " (" + is.source().label() + ")");
            }
        }
        record(who, action, after.policy().name(), old.toString(), now.toString());
    }

    /** One line; every value is escaped ({@link LogText}), so no name or key an operator gives can forge a line. */
    static void record(String who, String action, String target, String oldValue, String newValue) {
        LOG.log(System.Logger.Level.INFO, "throttled audit: user={0} action={1} target={2} old={3} new={4}",
                LogText.of(who), action, LogText.of(target), LogText.of(oldValue), LogText.of(newValue));
    }
}
