package io.throttled.sample;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The sample's JAX-RS root: {@code /api}. Providers and resources are found by scanning. */
@ApplicationPath("api")
public class DemoApplication extends Application {
}
