package io.throttled.core;

import java.util.List;
import java.util.stream.Collectors;

/** A policy that cannot be built, with every problem found (not only the first). */
public class InvalidPolicyException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** The name of the policy that cannot be built. */
    private final String policy;
    private final transient List<Violation> violations;

    /**
     * An exception whose message lists every violation.
     *
     * @param policy     the name of the policy
     * @param violations every problem found, in the order found
     */
    public InvalidPolicyException(String policy, List<Violation> violations) {
        super("policy '" + policy + "' is invalid: "
                + violations.stream().map(Violation::toString).collect(Collectors.joining("; ")));
        this.policy = policy;
        this.violations = List.copyOf(violations);
    }

    /** {@return the name of the policy that cannot be built} */
    public String policy() {
        return policy;
    }

    /** {@return every problem found, in the order found} */
    public List<Violation> violations() {
        return violations;
    }
}
