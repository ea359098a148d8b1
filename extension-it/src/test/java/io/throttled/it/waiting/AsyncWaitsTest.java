package io.throttled.it.waiting;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.cdi.Throttler;
import io.throttled.core.AsyncRateLimiter;
import io.throttled.core.Decision;
import io.throttled.core.Policy;
import io.throttled.it.Deployments;
import io.throttled.testing.redis.RequiresRedis;
import io.throttled.it.InContainer;
import jakarta.inject.Inject;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code CompletionStage} methods whose calls wait for their slots, in Liberty with {@code concurrent-3.0}: a
 * thousand waiting calls hold no thread each (the server's thread count hardly moves while they wait), the
 * methods run on the container's managed executor when their slots come, and a cancelled wait gives its slot back.
 */
@RequiresRedis(value = "7.0", reason = "max-wait reserves with PEXPIRETIME")
@ExtendWith(ArquillianExtension.class)
class AsyncWaitsTest {
    private static final int CALLS = 1_000;

    @Deployment
    static WebArchive deployment() {
        return Deployments.war("async-waits").addClasses(InContainer.class, PatientAsyncBean.class);
    }

    @Inject
    PatientAsyncBean bean;

    @Inject
    Throttler throttler;

    @Inject
    AsyncRateLimiter async;

    @Test
    void aThousandWaitingCallsHoldAHandfulOfThreads() throws Exception {
        bean.crowd(0).toCompletableFuture().get(10, TimeUnit.SECONDS);   // loads the classes the calls use
        ThreadMXBean jvm = ManagementFactory.getThreadMXBean();
        int before = jvm.getThreadCount();

        List<CompletableFuture<String>> calls = new ArrayList<>(CALLS);
        for (int n = 1; n <= CALLS; n++) {
            calls.add(bean.crowd(n).toCompletableFuture());
        }
        int waitingAtOnce = async.waiting();
        int mostThreads = jvm.getThreadCount();
        CompletableFuture<Void> all = CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new));
        while (!all.isDone()) {   // samples the thread count while the calls wait; the loop waits for nothing else
            mostThreads = Math.max(mostThreads, jvm.getThreadCount());
            Thread.sleep(20);
        }
        all.get(1, TimeUnit.SECONDS);
        System.out.printf("AsyncWaitsTest: %d calls waiting at once, threads %d before, at most %d while waiting%n",
                waitingAtOnce, before, mostThreads);   // figures for docs/internals/testing.md (console.log)

        // ten seconds of slots: issuing a thousand calls takes far less, so most were waiting together
        assertThat(waitingAtOnce).as("calls waiting at once").isGreaterThan(CALLS / 2);
        assertThat(mostThreads - before).as("threads added while %d calls waited", waitingAtOnce).isLessThanOrEqualTo(25);
        assertThat(bean.crowdRuns()).isEqualTo(CALLS + 1);
        assertThat(calls.get(CALLS - 1).join()).isEqualTo("call " + CALLS);
        assertThat(async.waiting()).isZero();
        // the waits ran on the container's managed executor, not on a thread of the extension's own
        assertThat(bean.threads()).noneMatch(name -> name.startsWith("throttled-"));
    }

    @Test
    void aCancelledWaitGivesItsSlotBackAndTheMethodNeverRuns() {
        Policy policy = InContainer.policy(throttler, "async-rare");
        assertThat(bean.rare().join()).isEqualTo("rare");
        CompletableFuture<String> waiting = bean.rare();
        assertThat(waiting).isNotDone();   // its slot is a minute away

        assertThat(waiting.cancel(false)).isTrue();

        // the next caller gets the cancelled caller's slot, within the minute, not the one after it
        Decision next = throttler.limiter().reserve(policy, "global", 1);
        assertThat(next.reserved()).isTrue();
        assertThat(next.waitMillis()).isBetween(1L, 60_000L);
        assertThat(throttler.limiter().release(policy, next.reservation())).isTrue();
        assertThat(bean.rareRuns()).isEqualTo(1);
    }

    @Test
    void programmaticAcquireWaitsWithoutAThread() throws Exception {
        // a slot 3 s on: a loaded machine's gap between the two calls never reaches it (300 ms once did)
        Policy policy = Policy.builder("programmatic").algorithm(io.throttled.core.Algorithm.GCRA).rate("1/3s").burst(1)
                .maxWait(java.time.Duration.ofSeconds(5)).build();
        assertThat(async.acquire(policy, "p").get().allowed()).isTrue();
        long start = System.nanoTime();
        CompletableFuture<Decision> second = async.acquire(policy, "p");
        assertThat(second).isNotDone();
        Decision admitted = second.get(10, TimeUnit.SECONDS);
        assertThat(admitted.reserved()).isTrue();
        assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(admitted.waitMillis() - 20);
    }
}
