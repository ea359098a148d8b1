package io.throttled.it.entrypoints;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.throttled.ThrottledException;
import io.throttled.cdi.Throttler;
import io.throttled.core.Decision;
import io.throttled.it.Deployments;
import io.throttled.it.InContainer;
import jakarta.inject.Inject;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code @Throttled} on a CDI bean, a stateless, a singleton and an asynchronous EJB method: each decides on
 * Redis, its remaining count falls by one per call, and the call after the last token is denied with
 * {@link ThrottledException} itself (not wrapped in an {@code EJBException}).
 */
@ExtendWith(ArquillianExtension.class)
class BeanEntryPointsTest {

    @Deployment
    static WebArchive deployment() {
        return Deployments.war("bean-entry-points").addClasses(InContainer.class, ThrottledCdiBean.class,
                ThrottledStatelessEjb.class, ThrottledSingletonEjb.class, ThrottledAsynchronousEjb.class);
    }

    @Inject
    Throttler throttler;

    @Inject
    ThrottledCdiBean cdiBean;

    @Inject
    ThrottledStatelessEjb statelessEjb;

    @Inject
    ThrottledSingletonEjb singletonEjb;

    @Inject
    ThrottledAsynchronousEjb asynchronousEjb;

    @Test
    void cdiBean() {
        threeThenDenied("cdi-bean", cdiBean::call);
    }

    @Test
    void statelessEjb() {
        threeThenDenied("stateless-ejb", statelessEjb::call);
    }

    @Test
    void singletonEjb() {
        threeThenDenied("singleton-ejb", singletonEjb::call);
    }

    @Test
    void asynchronousEjb() throws Exception {
        for (int call = 1; call <= 3; call++) {
            assertThat(asynchronousEjb.call().get()).isEqualTo("asynchronous");
            assertThat(InContainer.peek(throttler, "asynchronous-ejb", "global").remaining()).isEqualTo(3 - call);
        }
        // the interceptor runs on the asynchronous method's own thread: the denial arrives through the Future
        assertThatThrownBy(() -> asynchronousEjb.call().get()).isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(ThrottledException.class);
        assertThat(InContainer.redisKeys("asynchronous-ejb:*")).isNotEmpty();
    }

    private void threeThenDenied(String policy, Callable<String> call) {
        for (int i = 1; i <= 3; i++) {
            try {
                call.call();
            } catch (Exception e) {
                throw new AssertionError("call " + i + " of 3 must pass", e);
            }
            Decision peek = InContainer.peek(throttler, policy, "global");
            assertThat(peek.remaining()).as("remaining after call %d", i).isEqualTo(3 - i);
            assertThat(peek.origin()).isEqualTo(Decision.Origin.STORE);
        }
        assertThatThrownBy(call::call).isExactlyInstanceOf(ThrottledException.class)
                .satisfies(e -> {
                    Decision denied = ((ThrottledException) e).decision();
                    assertThat(denied.allowed()).isFalse();
                    assertThat(denied.policy()).isEqualTo(policy);
                    assertThat(denied.retryAfterMillis()).isPositive();
                });
        assertThat(InContainer.redisKeys(policy + ":*")).as("the bucket lives in Redis").isNotEmpty();
    }
}
