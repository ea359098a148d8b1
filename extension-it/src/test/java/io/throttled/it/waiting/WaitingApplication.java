package io.throttled.it.waiting;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

@ApplicationPath("api")
public class WaitingApplication extends Application {
}
