package io.throttled.it.programmatic;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.cdi.Throttler;
import io.throttled.core.Decision;
import io.throttled.core.Policy;
import io.throttled.core.RateLimiter;
import io.throttled.it.Deployments;
import io.throttled.it.InContainer;
import io.throttled.resilience.ResilientRateLimiter;
import jakarta.inject.Inject;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A bean injects {@link RateLimiter} and decides a policy that exists only in configuration. */
@ExtendWith(ArquillianExtension.class)
class InjectedRateLimiterTest {

    @Deployment
    static WebArchive deployment() {
        return Deployments.war("injected-rate-limiter",
                "throttled.policy.partner-quota.algorithm=gcra",
                "throttled.policy.partner-quota.rate=2/1m")
                .addClasses(InContainer.class);
    }

    @Inject
    RateLimiter limiter;

    @Inject
    Throttler throttler;

    @Test
    void decidesAConfigOnlyPolicyOnRedis() {
        assertThat(limiter).isInstanceOf(ResilientRateLimiter.class);
        Policy quota = InContainer.policy(throttler, "partner-quota");
        assertThat(quota.algorithm().configName()).isEqualTo("gcra");

        Decision first = limiter.acquire(quota, "account-7");
        Decision second = limiter.acquire(quota, "account-7");
        Decision third = limiter.acquire(quota, "account-7");

        assertThat(first.allowed()).isTrue();
        assertThat(first.remaining()).isEqualTo(1);
        assertThat(second.allowed()).isTrue();
        assertThat(second.remaining()).isZero();
        assertThat(third.allowed()).isFalse();
        assertThat(third.retryAfterMillis()).isBetween(1L, 30_000L);
        assertThat(third.origin()).isEqualTo(Decision.Origin.STORE);
        assertThat(limiter.acquire(quota, "account-8").allowed()).as("another key, another bucket").isTrue();
        assertThat(InContainer.redisKeys("partner-quota:*")).hasSize(2);
    }
}
