package io.throttled.core;

import java.util.List;
import java.util.stream.Collectors;

/** A policy that cannot be built, with every problem found (not only the first). */
public class InvalidPolicyException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String policy;
    private final transient List<Violation> violations;

    public InvalidPolicyException(String policy, List<Violation> violations) {
        super("policy '" + policy + "' is invalid: "
                + violations.stream().map(Violation::toString).collect(Collectors.joining("; ")));
        this.policy = policy;
        this.violations = List.copyOf(violations);
    }

    public String policy() {
        return policy;
    }

    public List<Violation> violations() {
        return violations;
    }
}
