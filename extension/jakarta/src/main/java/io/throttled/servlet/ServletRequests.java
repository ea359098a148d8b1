package io.throttled.servlet;

import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletRequestWrapper;
import jakarta.servlet.http.HttpServletRequest;

/**
 * The servlet request the current thread serves, while {@link ReasonPhraseFilter} has it in its chain: read
 * directly, without a CDI client proxy (each call on the request-scoped bean's proxy looks the request up in
 * its context again; on Liberty that cost a throttled request several such look-ups). It is the container's
 * own request (wrappers unwrapped), as CDI's {@code HttpServletRequest} bean is. Outside the filter's chain
 * (a response completed on another thread, a timer, no filter registered) there is none, and callers ask CDI
 * as before.
 */
public final class ServletRequests {
    private static final ThreadLocal<HttpServletRequest> CURRENT = new ThreadLocal<>();

    private ServletRequests() {
    }

    /** {@return the request this thread serves inside the filter's chain, or null} */
    public static HttpServletRequest current() {
        return CURRENT.get();
    }

    /** Sets the request for the chain that follows; {@return the one it replaces, to be restored after} */
    static HttpServletRequest enter(ServletRequest request) {
        HttpServletRequest previous = CURRENT.get();
        ServletRequest inner = request;
        while (inner instanceof ServletRequestWrapper wrapper) {
            inner = wrapper.getRequest();
        }
        if (inner instanceof HttpServletRequest http) {
            CURRENT.set(http);
        } else {
            CURRENT.remove();
        }
        return previous;
    }

    /** Puts back what {@link #enter} replaced. */
    static void exit(HttpServletRequest previous) {
        if (previous == null) {
            CURRENT.remove();
        } else {
            CURRENT.set(previous);
        }
    }
}
