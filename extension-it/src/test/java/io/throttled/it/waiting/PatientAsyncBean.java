package io.throttled.it.waiting;

import io.throttled.Throttled;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Asynchronous methods whose calls wait for their slots; counts what ran, and on which threads. */
@ApplicationScoped
public class PatientAsyncBean {
    private final AtomicInteger crowdRuns = new AtomicInteger();
    private final AtomicInteger rareRuns = new AtomicInteger();
    private final Set<String> threads = ConcurrentHashMap.newKeySet();

    /** One call every 10 ms: 1,000 calls fill 10 s of slots. */
    @Throttled(value = "async-crowd", algorithm = "gcra", rate = "100/1s", burst = 1, key = "global", maxWait = "15s")
    public CompletionStage<String> crowd(int n) {
        crowdRuns.incrementAndGet();
        threads.add(Thread.currentThread().getName());
        return CompletableFuture.completedFuture("call " + n);
    }

    /** One call a minute: the second waits a minute. */
    @Throttled(value = "async-rare", algorithm = "gcra", rate = "1/1m", burst = 1, key = "global", maxWait = "2m")
    public CompletableFuture<String> rare() {
        rareRuns.incrementAndGet();
        return CompletableFuture.completedFuture("rare");
    }

    public int crowdRuns() {
        return crowdRuns.get();
    }

    public int rareRuns() {
        return rareRuns.get();
    }

    public Set<String> threads() {
        return Set.copyOf(threads);
    }
}
