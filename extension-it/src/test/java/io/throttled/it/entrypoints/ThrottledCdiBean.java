package io.throttled.it.entrypoints;

import io.throttled.Throttled;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class ThrottledCdiBean {

    @Throttled(value = "cdi-bean", rate = "3/1m", key = "global")
    public String call() {
        return "cdi";
    }
}
