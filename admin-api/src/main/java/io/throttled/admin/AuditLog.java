package io.throttled.admin;

import io.throttled.core.LogText;
import io.throttled.operator.EffectiveSetting;
import io.throttled.operator.PolicyState;
import io.throttled.operator.RouteState;
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
    static void changed(String who, String action, PolicyState before, PolicyState after) {
        StringJoiner old = new StringJoiner(", ", "{", "}");
        StringJoiner now = new StringJoiner(", ", "{", "}");
        for (Map.Entry<String, EffectiveSetting> e : after.settings().entrySet()) {
            EffectiveSetting was = before.settings().get(e.getKey());
            EffectiveSetting is = e.getValue();
            if (!was.value().equals(is.value()) || !was.source().equals(is.source())) {
                old.add(e.getKey() + "=" + was.value() + " (" + was.source() + ")");
                now.add(e.getKey() + "=" + is.value() + " (" + is.source() + ")");
            }
        }
        record(who, action, after.policy().name(), old.toString(), now.toString());
    }

    /** A route's match as an audit line shows it: its path, methods and priority as config writes them. */
    static String describe(RouteState route) {
        String methods = route.settings().get("methods").value();
        return route.settings().get("path").value() + (methods.isEmpty() ? "" : " " + methods)
                + " priority " + route.settings().get("priority").value();
    }

    /** One line; every value is escaped ({@link LogText}), so no name or key an operator gives can forge a line. */
    static void record(String who, String action, String target, String oldValue, String newValue) {
        LOG.log(System.Logger.Level.INFO, "throttled audit: user={0} action={1} target={2} old={3} new={4}",
                LogText.of(who), action, LogText.of(target), LogText.of(oldValue), LogText.of(newValue));
    }
}
