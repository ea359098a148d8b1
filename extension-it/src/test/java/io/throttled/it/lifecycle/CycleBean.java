package io.throttled.it.lifecycle;

import io.throttled.Throttled;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class CycleBean {

    @Throttled(value = "cycle-bean", rate = "1000/1m", key = "global")
    public String call() {
        return "cycled";
    }
}
