package io.throttled.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.SecurityContext;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.security.Principal;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every admin method refuses a caller that is not an operator before it touches anything, whatever the container
 * enforced: each resource here has none of its collaborators, so a method that forgot the check fails with a
 * NullPointerException instead of 401 or 403. The resources are found by scanning the package for {@code @Path}, so
 * a new one is covered without a change here.
 */
class OperatorGuardTest {
    private static final List<Class<?>> RESOURCES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(OperatorGuard.class.getPackageName()).stream()
            .filter(type -> type.isAnnotatedWith(Path.class))
            .map(JavaClass::reflect)
            .sorted(Comparator.comparing(Class::getName))
            .<Class<?>>map(type -> type)
            .toList();

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
    void theScanFindsEveryResourceAndEveryMethodThisTestCovers() {
        assertThat(RESOURCES).extracting(Class::getSimpleName).contains("PoliciesResource", "BucketsResource",
                "RoutesResource", "DecisionsResource");
        assertThat(adminMethods()).extracting(Method::getName).contains("policies", "policy", "override", "dropOverride",
                "keys", "bucket", "reset", "resetAll", "routes", "route", "putRoute", "deleteRoute", "explain", "stats");
    }

    /** Every JAX-RS method of every resource class. */
    private static List<Method> adminMethods() {
        return RESOURCES.stream().flatMap(type -> Arrays.stream(type.getDeclaredMethods()))
                .filter(m -> m.isAnnotationPresent(GET.class) || m.isAnnotationPresent(PUT.class)
                        || m.isAnnotationPresent(DELETE.class) || m.isAnnotationPresent(POST.class))
                .toList();
    }

    private static int statusOf(Method method, SecurityContext security) throws Exception {
        Object resource = withSecurity(method.getDeclaringClass(), security);
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

    /** A resource as JAX-RS would make it with nothing but its security context: no bean is injected. */
    private static Object withSecurity(Class<?> type, SecurityContext security) throws Exception {
        Object resource = type.getDeclaredConstructor().newInstance();
        List<Field> contexts = Arrays.stream(type.getDeclaredFields())
                .filter(f -> f.getType() == SecurityContext.class && f.isAnnotationPresent(Context.class)).toList();
        assertThat(contexts).as("the @Context SecurityContext of %s", type.getSimpleName()).hasSize(1);
        contexts.get(0).setAccessible(true);
        contexts.get(0).set(resource, security);
        return resource;
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
