package io.throttled.it.security;

import io.throttled.Throttled;
import jakarta.ejb.Stateless;

@Stateless
public class PerUserEjb {

    @Throttled("per-user")
    public void call() {
    }
}
