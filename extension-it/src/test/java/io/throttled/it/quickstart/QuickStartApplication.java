package io.throttled.it.quickstart;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The application path a user's WAR declares (no bean-defining annotation, as most have none). */
@ApplicationPath("api")
public class QuickStartApplication extends Application {
}
