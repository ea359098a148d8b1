package io.throttled.sample;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The sample's security headers, on everything it serves: the demo page, its files and the JSON its API answers.
 * A Content-Security-Policy that lets the page load its own files (demo.js, demo.css, uPlot from its webjar) and
 * call its own origin, with nothing inline, nothing framing it and no form sent anywhere; {@code nosniff} and no
 * referrer. The operator console is left to the admin-api jar, which sends the same headers for it itself.
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class PageHeaders extends HttpFilter {
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self';"
            + " img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
    private static final String CONSOLE = "/throttled-console";

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        // the path as the container mapped it (decoded, dot segments resolved), as it maps the console's filter
        String path = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        if (!path.equals(CONSOLE) && !path.startsWith(CONSOLE + "/")) {
            response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
            response.setHeader("X-Content-Type-Options", "nosniff");
            response.setHeader("Referrer-Policy", "no-referrer");
        }
        chain.doFilter(request, response);
    }
}
