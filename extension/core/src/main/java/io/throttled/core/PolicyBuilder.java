package io.throttled.core;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Builds a {@link Policy} from typed values or from the text of annotations, config and JSON. Text that
 * does not parse is remembered as a violation, so {@link #build()} reports every bad field at once.
 *
 * <p>One class of about 380 lines on purpose: it is the whole vocabulary of a policy (a typed and a text setter
 * per field, each with its rule), read as one list by whoever checks what a field accepts; the rules that
 * combine fields are {@code PolicyRules}.
 */
public final class PolicyBuilder {
    private final String name;
    private final List<Violation> parseErrors = new ArrayList<>();
    private Algorithm algorithm = Algorithm.TOKEN_BUCKET;
    private List<Limit> limits = List.of();
    private Long burst;
    private String burstText;
    private Refill refill = Refill.GREEDY;
    private KeySource key = KeySource.DEFAULT;
    private long cost = 1;
    private boolean enforce = true;
    private long maxWaitMillis;
    private long maxWaiters;
    private boolean leaseAuto;
    private long leaseLifetimeMillis = Leasing.DEFAULT_LIFETIME_MILLIS;
    private FailureMode failureMode;

    PolicyBuilder(String name) {
        this.name = name;
    }

    /**
     * Sets the algorithm ({@code token-bucket} unless set).
     *
     * @param value the algorithm
     * @return this builder
     */
    public PolicyBuilder algorithm(Algorithm value) {
        this.algorithm = value;
        return this;
    }

    /**
     * Sets the algorithm from its config name; a name that does not parse is reported by {@link #build()}.
     *
     * @param text e.g. {@code gcra}
     * @return this builder
     */
    public PolicyBuilder algorithm(String text) {
        try {
            return algorithm(Algorithm.fromConfig(text));
        } catch (IllegalArgumentException e) {
            return error("algorithm", text, e);
        }
    }

    /**
     * Sets the limits, decided together.
     *
     * @param value one or more limits
     * @return this builder
     */
    public PolicyBuilder limits(List<Limit> value) {
        this.limits = List.copyOf(value);
        return this;
    }

    /**
     * Sets a single limit.
     *
     * @param value the limit
     * @return this builder
     */
    public PolicyBuilder limit(Limit value) {
        return limits(List.of(value));
    }

    /**
     * Sets the limits from their config form; text that does not parse is reported by {@link #build()}.
     *
     * @param text one or more limits, comma separated: {@code 10/1s,1000/1h}
     * @return this builder
     */
    public PolicyBuilder rate(String text) {
        try {
            return limits(Limit.parseAll(text));
        } catch (IllegalArgumentException e) {
            return error("rate", text, e);
        }
    }

    /**
     * Sets the burst of a single-limit policy (several limits carry their own {@code ;burst=n}).
     *
     * @param value the most that can be taken at once
     * @return this builder
     */
    public PolicyBuilder burst(long value) {
        this.burst = value;
        this.burstText = Long.toString(value);
        return this;
    }

    /**
     * Sets the burst from text; text that is not a whole number is reported by {@link #build()}.
     *
     * @param text the burst
     * @return this builder
     */
    public PolicyBuilder burst(String text) {
        try {
            return burst(Long.parseLong(text.trim()));
        } catch (RuntimeException e) {
            return error("burst", text, new IllegalArgumentException("must be a whole number, at least 1"));
        }
    }

    /**
     * Sets how a token bucket refills ({@code greedy} unless set).
     *
     * @param value the refill
     * @return this builder
     */
    public PolicyBuilder refill(Refill value) {
        this.refill = value;
        return this;
    }

    /**
     * Sets the refill from its config name; a name that does not parse is reported by {@link #build()}.
     *
     * @param text {@code greedy} or {@code interval}
     * @return this builder
     */
    public PolicyBuilder refill(String text) {
        try {
            return refill(Refill.fromConfig(text));
        } catch (IllegalArgumentException e) {
            return error("refill", text, e);
        }
    }

    /**
     * Sets where keys come from ({@code principal-or-ip} unless set).
     *
     * @param value the key source
     * @return this builder
     */
    public PolicyBuilder key(KeySource value) {
        this.key = value;
        return this;
    }

    /**
     * Sets the key source from its config form; text that does not parse is reported by {@link #build()}.
     *
     * @param text e.g. {@code ip} or {@code header:X-Api-Key}
     * @return this builder
     */
    public PolicyBuilder key(String text) {
        try {
            return key(KeySource.parse(text));
        } catch (IllegalArgumentException e) {
            return error("key", text, e);
        }
    }

    /**
     * Sets the tokens a call takes (1 unless set).
     *
     * @param value at least 1
     * @return this builder
     */
    public PolicyBuilder cost(long value) {
        this.cost = value;
        return this;
    }

    /**
     * Sets the cost from text; text that is not a whole number is reported by {@link #build()}.
     *
     * @param text the cost
     * @return this builder
     */
    public PolicyBuilder cost(String text) {
        try {
            return cost(Long.parseLong(text.trim()));
        } catch (RuntimeException e) {
            return error("cost", text, new IllegalArgumentException("must be a whole number, at least 1"));
        }
    }

    /**
     * Sets whether denials block (true unless set).
     *
     * @param value false for shadow mode
     * @return this builder
     */
    public PolicyBuilder enforce(boolean value) {
        this.enforce = value;
        return this;
    }

    /**
     * Sets enforcement from text, strictly {@code true} or {@code false}: a typo must not silently turn enforcement off.
     *
     * @param text {@code true} or {@code false}
     * @return this builder
     */
    public PolicyBuilder enforce(String text) {
        String value = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (value.equals("true") || value.equals("false")) {
            return enforce(Boolean.parseBoolean(value));
        }
        return error("enforce", text, new IllegalArgumentException("must be true or false"));
    }

    /**
     * How long a call may wait for its slot instead of being denied; zero (the default) never waits.
     *
     * @param value the longest wait
     * @return this builder
     */
    public PolicyBuilder maxWait(java.time.Duration value) {
        this.maxWaitMillis = value.toMillis();
        return this;
    }

    /**
     * The longest wait as text.
     *
     * @param text a duration as rate windows write it ({@code 500ms}, {@code 2s}, {@code 1m}), or {@code 0}
     * @return this builder
     */
    public PolicyBuilder maxWait(String text) {
        String value = text == null ? "" : text.trim();
        if (value.equals("0")) {
            this.maxWaitMillis = 0;
            return this;
        }
        try {
            this.maxWaitMillis = TimeUnits.parseMillis(value);
            return this;
        } catch (IllegalArgumentException e) {
            return error("max-wait", text, new IllegalArgumentException("is not a duration: " + e.getMessage()
                    + "; accepted forms: 0 (never wait), 250ms, 2s, 1m (units ms, s, m, h)"));
        }
    }

    /**
     * The most calls that wait at once per key; 0 (the default) sets no bound beyond max-wait.
     *
     * @param value the bound
     * @return this builder
     */
    public PolicyBuilder maxWaiters(long value) {
        this.maxWaiters = value;
        return this;
    }

    /**
     * The most calls that wait at once per key, as text.
     *
     * @param text a whole number, 0 for no bound
     * @return this builder
     */
    public PolicyBuilder maxWaiters(String text) {
        try {
            return maxWaiters(Long.parseLong(text.trim()));
        } catch (RuntimeException e) {
            return error("max-waiters", text, new IllegalArgumentException("must be a whole number, 0 (no bound) or more"));
        }
    }

    /**
     * Both waiting settings at once.
     *
     * @param value the longest wait and the bound on waiters
     * @return this builder
     */
    public PolicyBuilder waiting(Waiting value) {
        this.maxWaitMillis = value.maxWaitMillis();
        this.maxWaiters = value.maxWaiters();
        return this;
    }

    /**
     * Whether hot keys take leases of tokens ({@code off} unless set).
     *
     * @param value the leasing settings
     * @return this builder
     */
    public PolicyBuilder leasing(Leasing value) {
        this.leaseAuto = value.auto();
        this.leaseLifetimeMillis = value.lifetimeMillis();
        return this;
    }

    /**
     * Whether hot keys take leases, as text.
     *
     * @param text {@code auto} or {@code off}
     * @return this builder
     */
    public PolicyBuilder lease(String text) {
        String value = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (value.equals("auto") || value.equals("off")) {
            this.leaseAuto = value.equals("auto");
            return this;
        }
        return error("lease", text, new IllegalArgumentException("must be auto (hot keys lease tokens) or off"));
    }

    /**
     * How long a lease lives, as text.
     *
     * @param text a duration from {@code 10ms} up to {@code 10s}
     * @return this builder
     */
    public PolicyBuilder leaseLifetime(String text) {
        try {
            this.leaseLifetimeMillis = TimeUnits.parseMillis(text == null ? "" : text.trim());
            return this;
        } catch (IllegalArgumentException e) {
            return error("lease-lifetime", text, new IllegalArgumentException("is not a duration: " + e.getMessage()
                    + "; allowed: 10ms up to 10s (e.g. 50ms, 100ms, 1s)"));
        }
    }

    /**
     * What decides the policy's calls when Redis cannot; null (unless set) follows the store's default,
     * {@code throttled.redis.failure-mode}.
     *
     * @param value the failure mode, or null to follow the store's default
     * @return this builder
     */
    public PolicyBuilder failureMode(FailureMode value) {
        this.failureMode = value;
        return this;
    }

    /**
     * The failure mode as text (case-insensitive); a name that does not parse is reported by {@link #build()}.
     *
     * @param text {@code open}, {@code closed} or {@code local}
     * @return this builder
     */
    public PolicyBuilder failureMode(String text) {
        try {
            return failureMode(FailureMode.fromConfig(text));
        } catch (RuntimeException e) {
            return error("failure-mode", text, new IllegalArgumentException("is not a failure mode; allowed: "
                    + FailureMode.ALLOWED + " (leave it out to follow throttled.redis.failure-mode)"));
        }
    }

    /**
     * Builds the policy, checking every field.
     *
     * @return the policy
     * @throws InvalidPolicyException listing every violation, parse errors included
     */
    public Policy build() {
        List<Violation> violations = new ArrayList<>(parseErrors);
        List<Limit> effective = limits;
        if (burst != null && !limits.isEmpty()) {
            if (limits.size() > 1) {
                violations.add(new Violation("burst", burstText,
                        "a policy with several limits takes ';burst=n' on each limit instead"));
            } else if (burst < 1) {
                violations.add(new Violation("burst", burstText, "must be at least 1"));
            } else {
                effective = List.of(limits.get(0).withBurst(burst));
            }
        }
        if (!violations.isEmpty()) {
            // Run the remaining checks too, skipping fields whose text did not even parse.
            Set<String> unparsed = new HashSet<>();
            parseErrors.forEach(v -> unparsed.add(v.field()));
            for (Violation v : PolicyRules.check(name, algorithm, effective, refill, key, cost,
                    new Waiting(maxWaitMillis, maxWaiters))) {
                if (!unparsed.contains(v.field()) && !violations.contains(v)) {
                    violations.add(v);
                }
            }
            List<Violation> leasing = new ArrayList<>();
            PolicyRules.checkLeasing(algorithm, refill, effective, cost, new Leasing(leaseAuto, leaseLifetimeMillis), leasing);
            for (Violation v : leasing) {
                if (!unparsed.contains(v.field()) && !violations.contains(v)) {
                    violations.add(v);
                }
            }
            throw new InvalidPolicyException(name, violations);
        }
        return new Policy(name, algorithm, effective, refill, key, cost, enforce, new Waiting(maxWaitMillis, maxWaiters),
                new Leasing(leaseAuto, leaseLifetimeMillis), failureMode);
    }

    private PolicyBuilder error(String field, String text, IllegalArgumentException e) {
        parseErrors.add(new Violation(field, String.valueOf(text), e.getMessage()));
        return this;
    }
}
