package io.throttled.it.entrypoints;

import io.throttled.Throttled;
import jakarta.ejb.Singleton;

@Singleton
public class ThrottledSingletonEjb {

    @Throttled(value = "singleton-ejb", rate = "3/1m", key = "global")
    public String call() {
        return "singleton";
    }
}
