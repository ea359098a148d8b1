package io.throttled.it.lifecycle;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

@ApplicationPath("api")
public class CycleApplication extends Application {
}
