package io.throttled.it.waiting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.throttled.it.ClientHttp;
import io.throttled.it.Deployments;
import io.throttled.it.server.Requires;
import io.throttled.it.server.Scenario;
import io.throttled.testing.redis.RequiresRedis;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Resource methods with max-wait, seen from an HTTP client: a request within max-wait is answered 200 after
 * its slot instead of 429 (lower bounds only: a loaded machine may answer later, never sooner); a
 * {@code CompletionStage} method's and a suspended response's requests wait without a thread (the waits are counted by the extension's
 * asynchronous waiter while they last) and still carry the rate-limit headers.
 */
@RunAsClient
@RequiresRedis(value = "7.0", reason = "max-wait reserves with PEXPIRETIME")
@ExtendWith(ArquillianExtension.class)
class WaitingResourcesTest {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.war("waiting-resources", "throttled.headers=ietf,legacy")
                .addClasses(WaitingApplication.class, WaitingResource.class, ScopedWaitingResource.class);
    }

    @ArquillianResource
    URL base;

    @Test
    void aSynchronousResourceWithMaxWaitDelaysInsteadOfDenying() {
        // timed from before the first request: its decision comes after that, and the slot a second after it (the
        // first answer itself may take long on a loaded machine, and tells nothing)
        long start = System.nanoTime();
        assertThat(ClientHttp.get(base, "api/waiting/sync").status()).isEqualTo(200);
        ClientHttp delayed = ClientHttp.get(base, "api/waiting/sync");
        long tookMillis = (System.nanoTime() - start) / 1_000_000;

        assertThat(delayed.status()).isEqualTo(200);
        assertThat(delayed.body()).isEqualTo("sync");
        assertThat(tookMillis).as("answered after the slot, a second after the first").isGreaterThanOrEqualTo(990);
        assertThat(delayed.header("RateLimit")).startsWith("\"sync-patient\"");

        // without max-wait the same situation is a 429 at once
        assertThat(ClientHttp.get(base, "api/waiting/impatient").status()).isEqualTo(200);
        assertThat(ClientHttp.get(base, "api/waiting/impatient").status()).isEqualTo(429);
    }

    @Test
    @Requires(Scenario.UNANNOTATED_RESOURCES_ARE_BEANS)
    void completionStageRequestsWaitWithoutAThread() throws Exception {
        waitWithoutAThread("api/waiting/async", "async", "async-patient");
    }

    @Test
    @Requires(Scenario.UNANNOTATED_RESOURCES_ARE_BEANS)
    void suspendedResponsesWaitWithoutAThread() throws Exception {
        waitWithoutAThread("api/waiting/suspended", "suspended", "suspended-patient");
    }

    @Test
    void completionStageRequestsOfARequestScopedResourceWaitWithoutAThread() throws Exception {
        waitWithoutAThread("api/waiting-scoped/async", "async", "scoped-async-patient");
    }

    @Test
    void suspendedResponsesOfARequestScopedResourceWaitWithoutAThread() throws Exception {
        waitWithoutAThread("api/waiting-scoped/suspended", "suspended", "scoped-suspended-patient");
    }

    private void waitWithoutAThread(String path, String body, String policy) throws Exception {
        int requests = 5;
        ExecutorService clients = Executors.newFixedThreadPool(requests);
        try {
            long start = System.nanoTime();
            List<CompletableFuture<Long>> answered = new ArrayList<>();
            List<CompletableFuture<ClientHttp>> responses = new ArrayList<>();
            for (int i = 0; i < requests; i++) {
                CompletableFuture<ClientHttp> response = CompletableFuture.supplyAsync(
                        () -> ClientHttp.get(base, path), clients);
                responses.add(response);
                answered.add(response.thenApply(r -> (System.nanoTime() - start) / 1_000_000));
            }
            // one slot a second: while the later requests wait, the extension's asynchronous waiter holds them.
            // Sampled until every answer is in: any of the requests may be the one served at once, the last
            // submitted too (then a loop watching only that one stopped before the others had begun to wait).
            AtomicInteger mostWaiting = new AtomicInteger();
            await().atMost(Duration.ofSeconds(30)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(50)).until(() -> {
                mostWaiting.accumulateAndGet(Integer.parseInt(ClientHttp.get(base, "api/waiting/waiting-now").body()), Math::max);
                return mostWaiting.get() >= 2 || responses.stream().allMatch(CompletableFuture::isDone);
            });
            CompletableFuture.allOf(responses.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);

            assertThat(mostWaiting.get()).as("requests waiting without a thread at once").isGreaterThanOrEqualTo(2);
            for (CompletableFuture<ClientHttp> response : responses) {
                assertThat(response.join().status()).isEqualTo(200);
                assertThat(response.join().body()).isEqualTo(body);
                assertThat(response.join().header("RateLimit")).startsWith("\"" + policy + "\"");
            }
            List<Long> times = answered.stream().map(CompletableFuture::join).sorted().toList();
            for (int k = 1; k < requests; k++) {   // the k-th answer came after the k-th slot, k seconds on
                assertThat(times.get(k)).as("answer %d after %s", k, times).isGreaterThanOrEqualTo(k * 1000L - 200);
            }
        } finally {
            clients.shutdownNow();
        }
    }
}
