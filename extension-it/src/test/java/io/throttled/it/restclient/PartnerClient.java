package io.throttled.it.restclient;

import io.throttled.Throttled;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** An outbound client whose calls spend the partner's quota, shared by every node through Redis. */
@RegisterRestClient(configKey = "partner")
@Path("partner")
public interface PartnerClient {

    @GET
    @Path("quota")
    @Throttled(value = "partner-quota", rate = "2/1m", key = "global")
    String quota();

    @GET
    @Path("busy")
    @Throttled(value = "partner-busy", algorithm = "gcra", rate = "10/1s", key = "global", penalty = "5s")
    String busy();
}
