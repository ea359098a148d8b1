package io.throttled.it.telemetry;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

@ApplicationPath("api")
public class TelemetryApplication extends Application {
}
