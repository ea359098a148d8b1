package io.throttled.sample;

import jakarta.annotation.security.DeclareRoles;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The sample's JAX-RS root: {@code /api}. Providers and resources are found by scanning. */
@ApplicationPath("api")
@DeclareRoles({"throttled-admin", "operator", "user"})   // roles the ping tiers and exemptions ask about
public class DemoApplication extends Application {
}
