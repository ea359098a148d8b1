package io.throttled.sample;

import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/** An enterprise bean that calls the partner: its calls wait for their slots on the bean's thread. */
@Stateless
public class PartnerGateway {
    @Inject
    @RestClient
    PartnerApi partner;

    public JsonObject quote() {
        return partner.quote();
    }
}
