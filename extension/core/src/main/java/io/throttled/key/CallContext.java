package io.throttled.key;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;

/** What a key resolver may know about the call being throttled. */
public interface CallContext {

    /** {@return the authenticated caller's name; empty for anonymous calls} */
    Optional<String> principal();

    /** {@return the socket peer's address, when the call came through HTTP} */
    Optional<String> remoteAddress();

    /**
     * Every value of a request header, in order.
     *
     * @param name the header name, in any case
     * @return its values; empty without an HTTP request or header
     */
    List<String> headers(String name);

    /** {@return whether the call runs inside an HTTP request (not a timer, a message listener, ...)} */
    boolean hasRequest();

    /** {@return the method being throttled} */
    Method method();

    /**
     * The first value of a query parameter of the HTTP request.
     *
     * @param name the parameter name
     * @return its first value, decoded; empty without a request or parameter
     */
    default Optional<String> queryParameter(String name) {
        return Optional.empty();
    }

    /**
     * Whether the caller is in this role (exemptions, role tiers).
     *
     * @param role the role name
     * @return whether the caller has it; false without a security context
     */
    default boolean isUserInRole(String role) {
        return false;
    }

    /**
     * A claim of the caller's MicroProfile JWT, as text; empty without a JWT or claim. Read from the principal
     * by its {@code getClaim(String)} method, so applications without MP JWT need none of its classes.
     *
     * @param name the claim name, e.g. {@code sub} or {@code plan}
     * @return the claim's value as text; empty without a JWT or claim
     */
    default Optional<String> claim(String name) {
        return Claims.of(principalObject(), name);
    }

    /** {@return the caller's principal object itself, for {@link #claim}; null when unknown} */
    default Object principalObject() {
        return null;
    }

    /**
     * Whether a principal name stands for "nobody". A servlet request has no principal for an anonymous caller, but
     * an EJB's context and CDI's {@code Principal} bean always have one, each server naming it its own way: Open
     * Liberty {@code UNAUTHENTICATED}, WildFly {@code anonymous}, GlassFish and Payara {@code ANONYMOUS}. Taken for
     * a caller, such a name would put every anonymous caller into one bucket.
     *
     * @param name a principal name, or null
     * @return true for null, blank, and those names in any case
     */
    static boolean isAnonymous(String name) {
        if (name == null || name.isBlank()) {
            return true;
        }
        String trimmed = name.strip();
        return trimmed.equalsIgnoreCase("UNAUTHENTICATED") || trimmed.equalsIgnoreCase("anonymous");
    }
}
