package io.throttled.it.tiers;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

@ApplicationPath("api")
public class TieredApplication extends Application {
}
