package io.throttled.admin;

import io.throttled.operator.Caller;
import jakarta.json.Json;
import jakarta.ws.rs.ForbiddenException;
import jakarta.ws.rs.NotAuthorizedException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.security.Principal;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Every admin method's first step: the caller must be an authenticated principal in role {@value #ROLE}, checked
 * here and not only by {@code @RolesAllowed}, which a container enforces only while its security is on (Liberty
 * without {@code appSecurity}, RESTEasy without {@code resteasy.role.based.security}). So no container setting can
 * open the API: with no authentication at all it answers 401 to everything.
 */
final class OperatorGuard {
    static final String ROLE = "throttled-admin";
    private static final System.Logger LOG = System.getLogger(OperatorGuard.class.getName());
    private static final AtomicBoolean CREDENTIALS_IGNORED_LOGGED = new AtomicBoolean();

    private OperatorGuard() {
    }

    /**
     * Returns when the caller is an operator.
     *
     * @throws NotAuthorizedException 401 for an anonymous caller
     * @throws ForbiddenException     403 for a caller without the role
     */
    static void require(SecurityContext security, HttpHeaders headers) {
        Principal principal = security == null ? null : security.getUserPrincipal();
        if (principal == null || Caller.isAnonymous(principal.getName())) {
            if (headers != null && headers.getHeaderString(HttpHeaders.AUTHORIZATION) != null
                    && CREDENTIALS_IGNORED_LOGGED.compareAndSet(false, true)) {
                LOG.log(System.Logger.Level.WARNING, "throttled admin API: a call carried credentials, but the server"
                        + " authenticated nobody, so every admin call is refused (401). " + ContainerSecurity.HOW_TO_ENABLE);
            }
            throw new NotAuthorizedException(problem(401, "Unauthorized", "the throttled admin API needs an authenticated"
                    + " caller in role " + ROLE).header(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"" + ROLE + "\"").build());
        }
        if (!security.isUserInRole(ROLE)) {
            throw new ForbiddenException(problem(403, "Forbidden", "the throttled admin API needs role " + ROLE).build());
        }
    }

    /** The operator's name, for the audit log ({@code ?} when there is none, which {@link #require} refuses). */
    static String who(SecurityContext security) {
        return security.getUserPrincipal() == null ? "?" : security.getUserPrincipal().getName();
    }

    private static Response.ResponseBuilder problem(int status, String title, String detail) {
        String body = Json.createObjectBuilder().add("type", "about:blank").add("title", title).add("status", status)
                .add("detail", detail).build().toString();
        return Response.status(status).type(AdminProblems.MEDIA_TYPE).entity(body);
    }
}
