package io.throttled.it.restclient;

import io.throttled.it.server.Requires;
import io.throttled.it.server.Scenario;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.throttled.ThrottledException;
import io.throttled.cdi.Throttler;
import io.throttled.it.Deployments;
import io.throttled.it.InContainer;
import io.throttled.core.Decision;
import jakarta.inject.Inject;
import jakarta.ws.rs.WebApplicationException;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code @Throttled} on a MicroProfile Rest Client interface method (Liberty, {@code mpRestClient-3.0}): the
 * interceptor runs around the client proxy's call, so the partner's quota is spent on Redis before a request
 * leaves, and a call beyond it fails with {@link ThrottledException} without reaching the partner. When the partner
 * answers 429 with Retry-After anyway, the policy's penalty pushes the shared bucket on by that wait.
 */
@Requires(Scenario.MP_REST_CLIENT)
@ExtendWith(ArquillianExtension.class)
class RestClientQuotaTest {

    @Deployment
    static WebArchive deployment() {
        return Deployments.war("rest-client-quota",
                "partner/mp-rest/url=http://127.0.0.1:" + io.throttled.it.server.TestServer.current().httpPort() + "/rest-client-quota/api")
                .addClasses(InContainer.class, PartnerApplication.class, PartnerResource.class, PartnerClient.class);
    }

    @Inject
    @RestClient
    PartnerClient client;

    @Inject
    PartnerResource partner;

    @Inject
    Throttler throttler;

    @Test
    void theClientSpendsThePartnersQuotaAndStopsBeforeSendingBeyondIt() {
        assertThat(client.quota()).isEqualTo("answer 1");
        assertThat(InContainer.peek(throttler, "partner-quota", "global").remaining()).isEqualTo(1);
        assertThat(client.quota()).isEqualTo("answer 2");

        assertThatThrownBy(client::quota).isInstanceOf(ThrottledException.class);

        assertThat(partner.calls()).as("requests that reached the partner").isEqualTo(2);
        assertThat(InContainer.redisKeys("partner-quota:*")).isNotEmpty();
    }

    @Test
    void thePartnersTooManyRequestsPushesTheSharedBucketOnByItsRetryAfter() {
        assertThatThrownBy(client::busy).isInstanceOf(WebApplicationException.class)
                .satisfies(e -> assertThat(((WebApplicationException) e).getResponse().getStatus()).isEqualTo(429));

        // 10/1s would admit the next call at once; the partner's Retry-After: 2 pushed the bucket (in Redis) on
        Decision pushed = InContainer.peek(throttler, "partner-busy", "global");
        assertThat(pushed.allowed()).isFalse();
        assertThat(pushed.retryAfterMillis()).isBetween(1_000L, 2_000L);
        assertThatThrownBy(client::busy).isInstanceOf(ThrottledException.class);
        assertThat(partner.busyCalls()).as("requests that reached the partner").isEqualTo(1);
    }
}
