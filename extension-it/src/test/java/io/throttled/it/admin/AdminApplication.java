package io.throttled.it.admin;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** A user's application that ships the admin API: its resources are found in WEB-INF/lib by scanning. */
@ApplicationPath("api")
public class AdminApplication extends Application {
}
