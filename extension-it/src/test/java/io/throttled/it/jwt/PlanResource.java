package io.throttled.it.jwt;

import io.throttled.Throttled;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.SecurityContext;

/** Callers with a token: tiered by its {@code plan} claim, keyed by its {@code sub}. */
@Path("plan")
@RolesAllowed("user")
public class PlanResource {

    @GET
    @Throttled("jwt-plan")
    public String plan(@Context SecurityContext security) {
        return security.getUserPrincipal().getName();
    }
}
