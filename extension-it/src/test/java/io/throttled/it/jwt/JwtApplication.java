package io.throttled.it.jwt;

import jakarta.annotation.security.DeclareRoles;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.auth.LoginConfig;

@ApplicationPath("api")
@LoginConfig(authMethod = "MP-JWT")
@DeclareRoles("user")
public class JwtApplication extends Application {
}
