package io.throttled.it.security;

import io.throttled.Throttled;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class PerUserBean {

    @Throttled("per-user")
    public void call() {
    }
}
