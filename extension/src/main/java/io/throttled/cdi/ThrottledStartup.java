package io.throttled.cdi;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;

/**
 * Builds the limiter when the application starts: it connects to Redis and loads the scripts then, and
 * says in the log where it decides, instead of making the first request wait for it; and reads the runtime
 * overrides before the first request is decided.
 */
@ApplicationScoped
public class ThrottledStartup {

    void start(@Observes @Initialized(ApplicationScoped.class) Object started, Throttler throttler, OverrideSync overrides) {
        throttler.limiter();
        overrides.reload();
    }
}
