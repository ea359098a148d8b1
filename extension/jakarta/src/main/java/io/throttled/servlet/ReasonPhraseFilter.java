package io.throttled.servlet;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;

/**
 * Makes a 429 answer say {@code 429 Too Many Requests} on its status line. Servlet 6 can only set a status
 * code, and Open Liberty's HTTP channel has no reason phrase of its own for 429, so it writes
 * {@code 429 Undefined}, and Payara's {@code 429 CUSTOM}. The response is wrapped; a 429 goes to the container's
 * own {@code setStatus(int, String)} when it still has one (Liberty does), and to {@code setStatus(int)}
 * elsewhere, followed on GlassFish and Payara by the reason their Grizzly response takes apart. While the chain runs, the request is at hand to the extension's filters ({@link ServletRequests}).
 */
final class ReasonPhraseFilter implements Filter {
    static final int TOO_MANY_REQUESTS = 429;
    static final String TOO_MANY_REQUESTS_REASON = "Too Many Requests";

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest previous = ServletRequests.enter(request);
        try {
            if (response instanceof HttpServletResponse http) {
                chain.doFilter(request, new ReasonPhraseResponse(http));
            } else {
                chain.doFilter(request, response);
            }
        } finally {
            ServletRequests.exit(previous);
        }
    }

    private static final class ReasonPhraseResponse extends HttpServletResponseWrapper {
        ReasonPhraseResponse(HttpServletResponse response) {
            super(response);
        }

        @Override
        public void setStatus(int status) {
            if (status != TOO_MANY_REQUESTS || !ContainerStatusLine.set(getResponse(), status, TOO_MANY_REQUESTS_REASON)) {
                super.setStatus(status);
                if (status == TOO_MANY_REQUESTS) {
                    ContainerStatusLine.reason(getResponse(), TOO_MANY_REQUESTS_REASON);   // GlassFish, Payara
                }
            }
        }
    }
}
