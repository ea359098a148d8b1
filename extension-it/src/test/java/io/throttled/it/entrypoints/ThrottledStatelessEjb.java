package io.throttled.it.entrypoints;

import io.throttled.Throttled;
import jakarta.ejb.Stateless;

@Stateless
public class ThrottledStatelessEjb {

    @Throttled(value = "stateless-ejb", rate = "3/1m", key = "global")
    public String call() {
        return "stateless";
    }
}
