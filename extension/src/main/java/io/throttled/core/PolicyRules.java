package io.throttled.core;

import io.throttled.Algorithm;
import io.throttled.Refill;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** The checks a policy must pass, each reported as a {@link Violation} naming the field and the value. */
final class PolicyRules {
    static final int MAX_LIMITS = 8;
    /** Policy names end up in Redis keys and config keys: no blanks, braces, colons or glob characters. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._$-]{0,127}");

    private PolicyRules() {
    }

    static List<Violation> check(String name, Algorithm algorithm, List<Limit> limits, Refill refill,
                                 KeySource key, long cost) {
        List<Violation> violations = new ArrayList<>();
        if (name == null || !NAME.matcher(name).matches()) {
            violations.add(new Violation("name", String.valueOf(name),
                    "must be 1 to 128 letters, digits, '.', '_', '$' or '-', starting with a letter or digit"));
        }
        if (algorithm == null) {
            violations.add(new Violation("algorithm", "", "is required; allowed: " + Algorithm.allowedValues()));
        }
        if (refill == null) {
            violations.add(new Violation("refill", "", "is required; allowed: greedy, interval"));
        } else if (refill == Refill.INTERVAL && algorithm != null && algorithm != Algorithm.TOKEN_BUCKET) {
            violations.add(new Violation("refill", refill.configName(),
                    "applies only to token-bucket, not " + algorithm.configName()));
        }
        if (key == null) {
            violations.add(new Violation("key", "", "is required; allowed: " + KeySource.ALLOWED));
        }
        if (cost < 1) {
            violations.add(new Violation("cost", Long.toString(cost), "must be at least 1 (0 is reserved for peeks)"));
        }
        if (limits == null || limits.isEmpty()) {
            violations.add(new Violation("rate", "", "at least one limit is required, e.g. 10/1s"));
        } else {
            checkLimits(algorithm, refill, limits, cost, violations);
        }
        return violations;
    }

    private static void checkLimits(Algorithm algorithm, Refill refill, List<Limit> limits, long cost,
                                    List<Violation> violations) {
        String rate = Limit.format(limits);
        if (limits.size() > MAX_LIMITS) {
            violations.add(new Violation("rate", rate, "at most " + MAX_LIMITS + " limits per policy"));
        }
        Set<Long> windows = new HashSet<>();
        for (Limit limit : limits) {
            if (!windows.add(limit.windowMillis())) {
                violations.add(new Violation("rate", rate,
                        "two limits share the window " + limit.windowText() + "; merge them into one"));
            }
            if (algorithm == null) {
                continue;
            }
            if (!algorithm.usesBurst() && !limit.hasDefaultBurst()) {
                violations.add(new Violation("burst", Long.toString(limit.burst()),
                        "applies only to token-bucket, gcra and leaky-bucket, not " + algorithm.configName()
                        + " (limit " + limit + ")"));
            }
            String problem = ExactArithmetic.problem(algorithm, refill, limit);
            if (problem != null) {
                violations.add(new Violation("rate", limit.toString(), problem));
            }
            if (cost > limit.burst()) {
                violations.add(new Violation("cost", Long.toString(cost),
                        "exceeds the burst " + limit.burst() + " of limit " + limit + ": no call could ever pass"));
            }
        }
    }
}
