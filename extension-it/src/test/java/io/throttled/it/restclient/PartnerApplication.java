package io.throttled.it.restclient;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

@ApplicationPath("api")
public class PartnerApplication extends Application {
}
