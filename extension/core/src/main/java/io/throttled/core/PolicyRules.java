package io.throttled.core;

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
                                 KeySource key, long cost, Waiting waiting) {
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
        if (waiting != null) {
            checkWaiting(algorithm, limits, waiting, violations);
        }
        return violations;
    }

    /**
     * max-wait and max-waiters: in range, for an algorithm that can reserve a later slot, and within the range
     * where a reservation's debt (max-wait × the rate, in the script's units) stays exact.
     */
    private static void checkWaiting(Algorithm algorithm, List<Limit> limits, Waiting waiting,
                                     List<Violation> violations) {
        String maxWait = TimeUnits.format(waiting.maxWaitMillis());
        if (waiting.maxWaitMillis() < 0 || waiting.maxWaitMillis() > Waiting.MAX_WAIT_MILLIS) {
            violations.add(new Violation("max-wait", maxWait, "must be 0 (never wait) up to 1h"));
            return;
        }
        if (waiting.maxWaiters() < 0 || waiting.maxWaiters() > Waiting.MAX_WAITERS) {
            violations.add(new Violation("max-waiters", Long.toString(waiting.maxWaiters()),
                    "must be 0 (no bound beyond max-wait) up to " + Waiting.MAX_WAITERS));
        }
        if (!waiting.waits() || algorithm == null) {
            return;
        }
        String refused = whyNoReservation(algorithm);
        if (refused != null) {
            violations.add(new Violation("max-wait", maxWait, refused));
            return;
        }
        if (limits == null) {
            return;
        }
        for (Limit limit : limits) {
            // a reservation may leave up to max-wait of refill owed, in units of 1/Q' µs
            double owed = (double) waiting.maxWaitMillis() * 1000 * ExactArithmetic.reducedQuantity(limit);
            if (owed + (double) limit.burst() * ExactArithmetic.reducedWindow(limit) > ExactArithmetic.MAX_SPAN) {
                violations.add(new Violation("max-wait", maxWait, "with limit " + limit + " leaves the exact range "
                        + "(max-wait µs × quantity ÷ gcd(window µs, quantity) must stay below 2^51); shorten max-wait"));
            }
        }
    }

    /**
     * Why a policy's bucket cannot be pushed on by {@code waitMillis} ({@link RateLimiter#penalize}), or null when
     * it can: the algorithms that can reserve (their state is one number moving forward), for 1 ms up to an hour,
     * while the debt it leaves (wait µs × the rate) stays in the exact range.
     */
    public static String whyNoPenalty(Policy policy, long waitMillis) {
        if (waitMillis < 1 || waitMillis > Waiting.MAX_WAIT_MILLIS) {
            return "the wait must be 1ms up to 1h";
        }
        if (whyNoReservation(policy.algorithm()) != null) {
            return policy.algorithm().configName() + " cannot be pushed on: it counts calls per window and has no "
                    + "time of its own to move forward; use token-bucket, gcra or leaky-bucket for a penalty";
        }
        for (Limit limit : policy.limits()) {
            double owed = (double) waitMillis * 1000 * ExactArithmetic.reducedQuantity(limit);
            if (owed + (double) limit.burst() * ExactArithmetic.reducedWindow(limit) > ExactArithmetic.MAX_SPAN) {
                return "with limit " + limit + " a push of " + TimeUnits.format(waitMillis) + " leaves the exact range "
                        + "(µs × quantity ÷ gcd(window µs, quantity) must stay below 2^51); shorten it";
            }
        }
        return null;
    }

    /**
     * lease and lease-lifetime: the lifetime in range (also when leases are off, so a bad value is named before
     * someone turns leases on), and {@code lease=auto} only for an algorithm that can lease soundly.
     */
    static void checkLeasing(Algorithm algorithm, Refill refill, List<Limit> limits, long cost, Leasing leasing,
                             List<Violation> violations) {
        if (leasing == null) {
            return;
        }
        if (leasing.lifetimeMillis() < Leasing.MIN_LIFETIME_MILLIS || leasing.lifetimeMillis() > Leasing.MAX_LIFETIME_MILLIS) {
            violations.add(new Violation("lease-lifetime", TimeUnits.format(leasing.lifetimeMillis()),
                    "must be 10ms up to 10s (e.g. 50ms, 100ms, 1s)"));
        }
        if (!leasing.auto() || algorithm == null || refill == null) {
            return;
        }
        String refused = whyNoLease(algorithm, refill);
        if (refused != null) {
            violations.add(new Violation("lease", leasing.mode(), refused));
        }
    }

    /**
     * Why a policy cannot lease, or null when it can. A lease takes n tokens at once and gives back what was not
     * used; that is sound for the buckets with continuous refill, whose state is one amount (tokens, a TAT, a
     * level) that a give-back can raise again, capped so that the shared bucket plus the tokens out on lease
     * never exceed the burst (see lease.lua).
     */
    static String whyNoLease(Algorithm algorithm, Refill refill) {
        return switch (algorithm) {
            case TOKEN_BUCKET -> refill == Refill.INTERVAL ? "token-bucket with refill=interval cannot lease: it "
                    + "refills a whole window at once, so the bound a lease keeps (burst + rate x (T + lease-lifetime)) "
                    + "does not hold for it; use refill=greedy, gcra or leaky-bucket to lease" : null;
            case GCRA, LEAKY_BUCKET -> null;
            case FIXED_WINDOW, SLIDING_WINDOW_LOG, SLIDING_WINDOW_COUNTER -> algorithm.configName() + " cannot lease: "
                    + "it counts calls per window, so tokens taken in one window and given back in the next would be "
                    + "counted in neither and the limit would not hold; use token-bucket, gcra or leaky-bucket to lease";
        };
    }

    /**
     * Why an algorithm cannot reserve a later slot, or null when it can. The buckets can: a reservation is a
     * call made at its slot, and every call before the slot sees it (their state is one number moving forward).
     */
    static String whyNoReservation(Algorithm algorithm) {
        return switch (algorithm) {
            case TOKEN_BUCKET, GCRA, LEAKY_BUCKET -> null;
            case FIXED_WINDOW -> "fixed-window cannot wait: the only slot it can reserve is the start of the next "
                    + "window, the same instant for every waiter, a herd on top of its twice-the-limit boundary; "
                    + "use token-bucket, gcra or leaky-bucket to wait";
            case SLIDING_WINDOW_LOG, SLIDING_WINDOW_COUNTER -> algorithm.configName() + " cannot wait: a slot in a "
                    + "later window is counted only once that window is reached, so calls admitted meanwhile fill the "
                    + "windows that contain the slot without seeing it and the limit would not hold; use token-bucket, "
                    + "gcra or leaky-bucket to wait";
        };
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
