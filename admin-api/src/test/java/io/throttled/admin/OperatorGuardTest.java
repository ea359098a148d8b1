package io.throttled.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.SecurityContext;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.security.Principal;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every admin method refuses a caller that is not an operator before it touches anything, whatever the container
 * enforced: the resource here has none of its collaborators, so a method that forgot the check fails with a
 * NullPointerException instead of 401 or 403.
 */
class OperatorGuardTest {

    @Test
    void everyAdminMethodAnswers401ToAnAnonymousCaller() throws Exception {
        for (Method method : adminMethods()) {
            assertThat(statusOf(method, security(null))).as(method.getName()).isEqualTo(401);
            assertThat(statusOf(method, security(() -> "UNAUTHENTICATED"))).as(method.getName()).isEqualTo(401);
        }
    }

    @Test
    void everyAdminMethodAnswers403ToAUserWithoutTheRole() throws Exception {
        for (Method method : adminMethods()) {
            assertThat(statusOf(method, security(() -> "bob", "user"))).as(method.getName()).isEqualTo(403);
        }
    }

    @Test
    void anOperatorPasses() {
        OperatorGuard.require(security(() -> "alice", "throttled-admin"), null);
    }

    @Test
    void theRefusalIsAProblemWithAChallenge() {
        assertThatThrownBy(() -> OperatorGuard.require(security(null), null))
                .isInstanceOfSatisfying(WebApplicationException.class, e -> {
                    assertThat(e.getResponse().getStatus()).isEqualTo(401);
                    assertThat(e.getResponse().getHeaderString("WWW-Authenticate")).isEqualTo("Basic realm=\"throttled-admin\"");
                    assertThat(e.getResponse().getMediaType().toString()).isEqualTo("application/problem+json");
                    assertThat((String) e.getResponse().getEntity()).contains("\"status\":401", "throttled-admin");
                });
    }

    @Test
    void theAdminResourceHasTheMethodsThisTestCovers() {
        assertThat(adminMethods()).extracting(Method::getName).contains("policies", "override", "dropOverride", "reset",
                "resetAll", "putRoute", "deleteRoute", "explain", "stats");
    }

    private static List<Method> adminMethods() {
        return Arrays.stream(ThrottledAdminResource.class.getDeclaredMethods())
                .filter(m -> m.isAnnotationPresent(GET.class) || m.isAnnotationPresent(PUT.class)
                        || m.isAnnotationPresent(DELETE.class) || m.isAnnotationPresent(POST.class))
                .toList();
    }

    private static int statusOf(Method method, SecurityContext security) throws Exception {
        ThrottledAdminResource resource = new ThrottledAdminResource();
        resource.security = security;
        Object[] args = Arrays.stream(method.getParameterTypes()).map(OperatorGuardTest::placeholder).toArray();
        try {
            method.invoke(resource, args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof WebApplicationException refused) {
                return refused.getResponse().getStatus();
            }
            throw new AssertionError(method.getName() + " did something before checking its caller", e.getCause());
        }
        throw new AssertionError(method.getName() + " answered a caller that is not an operator");
    }

    private static Object placeholder(Class<?> type) {
        if (type == int.class) {
            return 1;
        }
        if (type == List.class) {
            return List.of();
        }
        return type == String.class ? "x" : null;
    }

    private static SecurityContext security(Principal principal, String... roles) {
        Set<String> granted = Set.of(roles);
        return new SecurityContext() {
            @Override
            public Principal getUserPrincipal() {
                return principal;
            }

            @Override
            public boolean isUserInRole(String role) {
                return granted.contains(role);
            }

            @Override
            public boolean isSecure() {
                return false;
            }

            @Override
            public String getAuthenticationScheme() {
                return principal == null ? null : BASIC_AUTH;
            }
        };
    }
}
