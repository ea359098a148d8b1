package io.throttled.it.fallback;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The application of the Redis-pause scenario, with the admin API in WEB-INF/lib. */
@ApplicationPath("api")
public class FallbackApplication extends Application {
}
