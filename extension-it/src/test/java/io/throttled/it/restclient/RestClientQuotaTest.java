package io.throttled.it.restclient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.throttled.ThrottledException;
import io.throttled.cdi.Throttler;
import io.throttled.it.Deployments;
import io.throttled.it.InContainer;
import jakarta.inject.Inject;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code @Throttled} on a MicroProfile Rest Client interface method (Liberty, {@code mpRestClient-3.0}): the
 * interceptor runs around the client proxy's call, so the partner's quota is spent on Redis before a request
 * leaves, and a call beyond it fails with {@link ThrottledException} without reaching the partner.
 */
@ExtendWith(ArquillianExtension.class)
class RestClientQuotaTest {

    @Deployment
    static WebArchive deployment() {
        return Deployments.war("rest-client-quota",
                "partner/mp-rest/url=http://127.0.0.1:" + System.getProperty("it.full.http") + "/rest-client-quota/api")
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
}
