package io.throttled.sample;

import io.throttled.Throttled;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.annotation.RegisterProvider;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * A partner's API as a MicroProfile Rest Client, with the partner's quota on it (policy {@code partner}): calls
 * wait for their slot, spaced evenly across every node, instead of being refused by the partner.
 */
@RegisterRestClient(configKey = "partner")
@RegisterProvider(SentAtStamp.class)
@Path("partner")
public interface PartnerApi {

    @GET
    @Path("quote")
    @Produces(MediaType.APPLICATION_JSON)
    @Throttled("partner")
    JsonObject quote();
}
