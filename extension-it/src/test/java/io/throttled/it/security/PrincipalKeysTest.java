package io.throttled.it.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.cdi.Throttler;
import io.throttled.it.Deployments;
import io.throttled.it.InContainer;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Keys from a real authenticated identity (a programmatic login against the server's registry): each user
 * has a bucket of their own, on a CDI bean and on an EJB alike, and nobody lands in a shared
 * {@code UNAUTHENTICATED} or anonymous bucket.
 */
@ExtendWith(ArquillianExtension.class)
class PrincipalKeysTest {

    @Deployment
    static WebArchive deployment() {
        return Deployments.war("principal-keys",
                "throttled.policy.per-user.rate=5/1m",
                "throttled.policy.per-user.key=principal")
                .addClasses(InContainer.class, PerUserBean.class, PerUserEjb.class);
    }

    @Inject
    HttpServletRequest request;

    @Inject
    PerUserBean bean;

    @Inject
    PerUserEjb ejb;

    @Inject
    Throttler throttler;

    @Test
    void eachUserHasABucket() throws Exception {
        request.login("alice", "alice-it");
        try {
            assertThat(request.getUserPrincipal().getName()).isEqualTo("alice");
            bean.call();
            ejb.call();
        } finally {
            request.logout();
        }
        request.login("bob", "bob-it");
        try {
            ejb.call();
        } finally {
            request.logout();
        }

        assertThat(InContainer.peek(throttler, "per-user", "u:alice").remaining()).isEqualTo(3);
        assertThat(InContainer.peek(throttler, "per-user", "u:bob").remaining()).isEqualTo(4);
        assertThat(InContainer.peek(throttler, "per-user", "u:UNAUTHENTICATED").remaining()).isEqualTo(5);
        assertThat(InContainer.peek(throttler, "per-user", "anonymous").remaining()).isEqualTo(5);
        assertThat(InContainer.redisKeys("per-user:*")).allMatch(k -> k.contains("{u:alice}") || k.contains("{u:bob}"));
    }
}
