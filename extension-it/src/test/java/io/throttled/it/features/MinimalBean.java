package io.throttled.it.features;

import io.throttled.Throttled;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class MinimalBean {

    @Throttled(value = "minimal-bean", rate = "2/1m")
    public String call() {
        return "bean";
    }
}
