package io.throttled.sample;

import jakarta.annotation.security.DeclareRoles;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.info.Info;

/** The sample's JAX-RS root: {@code /api}. Providers and resources are found by scanning. */
@ApplicationPath("api")
@DeclareRoles({"throttled-admin", "operator", "user"})   // roles the ping tiers and exemptions ask about
@OpenAPIDefinition(info = @Info(title = "throttled sample", version = "1.0.0",
        description = "The demo endpoints of the throttled rate limiter (a throttled JAX-RS method, a throttled CDI"
                + " bean, a throttled EJB, a login that only failures pay for) and its admin API. Every operation"
                + " a policy covers lists the policies in x-throttled-policies, in the order they are decided, and"
                + " documents the 429 response and the rate-limit headers. The limits shown are those in force when"
                + " the application started; the RateLimit-Policy header of each response has the current ones."))
public class DemoApplication extends Application {
}
