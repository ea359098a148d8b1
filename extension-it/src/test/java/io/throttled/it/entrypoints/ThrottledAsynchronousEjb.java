package io.throttled.it.entrypoints;

import io.throttled.Throttled;
import jakarta.ejb.AsyncResult;
import jakarta.ejb.Asynchronous;
import jakarta.ejb.Stateless;
import java.util.concurrent.Future;

@Stateless
public class ThrottledAsynchronousEjb {

    @Asynchronous
    @Throttled(value = "asynchronous-ejb", rate = "3/1m", key = "global")
    public Future<String> call() {
        return new AsyncResult<>("asynchronous");
    }
}
