package io.throttled.it.features;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

@ApplicationPath("api")
public class MinimalApplication extends Application {
}
