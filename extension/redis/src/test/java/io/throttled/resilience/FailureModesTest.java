package io.throttled.resilience;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.throttled.testing.Slow;
import io.throttled.core.Decision;
import io.throttled.core.FailureMode;
import io.throttled.core.Policy;
import io.throttled.memory.InMemoryRateLimiter;
import io.throttled.redis.ForwardingScripting;
import io.throttled.redis.RedisConnections;
import io.throttled.redis.RedisRateLimiter;
import io.throttled.redis.RedisScripting;
import io.throttled.redis.RedisSettings;
import io.throttled.redis.ScriptCall;
import io.throttled.testing.redis.RedisProcess;
import io.throttled.testing.redis.SlowProxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Redis stopped, paused (SIGSTOP) or slowed (every byte delayed past the timeout), under load from eight
 * threads, with a 50 ms command timeout (shorter than the default: the slowed Redis answers after 200 ms) and the
 * production defaults otherwise (breaker after 5 failures, 1 s open): every
 * call gets its failure mode's decision; no call is sent to Redis twice, so none waits more than one timeout;
 * the breaker opens after its 5 failures (and the calls already on their way), and while it is open only its
 * trial calls reach Redis; when Redis is back, decisions are on Redis again within seconds. The latencies are
 * reported, not asserted: what a call costs is the benchmarks' to measure.
 */
@Slow
class FailureModesTest {
    private static final int THREADS = 8;
    private static final int CALLS_PER_THREAD = 400;
    private static final Policy POLICY = Policy.builder("outage").rate("5/1d").build();

    enum Outage { STOPPED, PAUSED, SLOWED }

    static Stream<Arguments> scenarios() {
        List<Arguments> all = new ArrayList<>();
        for (FailureMode mode : FailureMode.values()) {
            for (Outage outage : Outage.values()) {
                all.add(Arguments.of(mode, outage));
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} while Redis is {1}")
    @MethodSource("scenarios")
    void everyCallGetsTheFailureModesDecisionQuickly(FailureMode mode, Outage outage) throws Exception {
        try (RedisProcess redis = RedisProcess.start(); SlowProxy proxy = SlowProxy.to(redis)) {
            // what is tested is what a timeout leads to, not the default's value: 50 ms, well under the slowed Redis' 200
            RedisSettings settings = RedisSettings.builder().url(proxy.url()).commandTimeout(Duration.ofMillis(50)).build();
            SentToRedis sent = new SentToRedis(RedisConnections.scripting(settings));
            CircuitBreaker breaker = new CircuitBreaker(5, 1000, System::nanoTime);
            AtomicInteger trials = new AtomicInteger();
            breaker.onTransition(state -> {
                if (state == CircuitBreaker.State.HALF_OPEN) {
                    trials.incrementAndGet();
                }
            });
            try (ResilientRateLimiter limiter = new ResilientRateLimiter(RedisRateLimiter.builder(sent).build(), mode,
                    InMemoryRateLimiter.create(), breaker, new OverLimitCache(10_000, System::nanoTime), System::nanoTime)) {
                awaitStore(limiter, Duration.ofSeconds(5));   // healthy first

                switch (outage) {
                    case STOPPED -> redis.kill();
                    case PAUSED -> redis.suspend();
                    case SLOWED -> proxy.delayMillis(200);
                }
                int trialsBefore = trials.get();
                Calls calls = load(limiter, sent);
                int trialsDuring = trials.get() - trialsBefore;
                switch (outage) {
                    case STOPPED -> redis.restart();
                    case PAUSED -> redis.resume();
                    case SLOWED -> proxy.delayMillis(0);
                }
                long backOnRedisMs = awaitStore(limiter, Duration.ofSeconds(5));

                Decision.Origin expected = switch (mode) {
                    case OPEN -> Decision.Origin.FAIL_OPEN;
                    case CLOSED -> Decision.Origin.FAIL_CLOSED;
                    case LOCAL -> Decision.Origin.LOCAL_FALLBACK;
                };
                assertThat(calls.decisions).as("every decision during the outage").allSatisfy(d -> {
                    assertThat(d.origin()).isEqualTo(expected);
                    if (mode == FailureMode.OPEN) {
                        assertThat(d.allowed()).isTrue();
                    } else if (mode == FailureMode.CLOSED) {
                        assertThat(d.allowed()).isFalse();
                        assertThat(d.retryAfterMillis()).isGreaterThanOrEqualTo(1000);
                    }
                });
                if (mode == FailureMode.LOCAL) {
                    // the same policy, decided in this JVM: exactly 5 per key
                    assertThat(calls.admitted).isEqualTo(5L * THREADS);
                }
                String figures = "all " + calls.decisions.size() + " decisions " + expected + "; " + calls.sent
                        + " of them sent to Redis (" + calls.sentWhileOpen + " with the breaker open, " + trialsDuring
                        + " trials); latency " + Latencies.describe(calls.nanos) + "; with the breaker open "
                        + Latencies.describe(calls.openNanos) + "; back on Redis " + backOnRedisMs + " ms after it returned";
                Reliability.report("failure mode " + mode.configName() + ", Redis " + outage.name().toLowerCase(), figures);
                // sent once: a call waits for one command timeout at most, never one per attempt
                assertThat(calls.mostSentByOneCall).as(figures).isLessThanOrEqualTo(1);
                // open, the breaker lets through only its trial calls, one per opening: the others wait for nothing
                assertThat(calls.openNanos).as(figures).isNotEmpty();
                assertThat(calls.sentWhileOpen).as(figures).isLessThanOrEqualTo(trialsDuring);
                // it opened after 5 failures; the other threads' calls already past it were sent too, and fail
                assertThat(calls.sent).as(figures).isBetween(5L, 5L + THREADS - 1 + trialsDuring);
            } finally {
                redis.resume();
            }
        }
    }

    /** Eight threads, each its own key. */
    private static Calls load(ResilientRateLimiter limiter, SentToRedis sent) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        List<Future<Calls>> parts = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            String key = "k" + t;
            parts.add(pool.submit(() -> {
                Calls calls = new Calls();
                for (int i = 0; i < CALLS_PER_THREAD; i++) {
                    boolean open = limiter.breaker().state() == CircuitBreaker.State.OPEN;
                    long sentBefore = sent.byThisThread();
                    long start = System.nanoTime();
                    Decision d = limiter.acquire(POLICY, key);
                    calls.add(d, System.nanoTime() - start, open, sent.byThisThread() - sentBefore);
                }
                return calls;
            }));
        }
        Calls all = new Calls();
        for (Future<Calls> part : parts) {
            all.addAll(part.get(2, TimeUnit.MINUTES));
        }
        pool.shutdown();
        return all;
    }

    /** Polls until a decision is made on Redis again; returns how long that took, in ms, for the report. */
    private static long awaitStore(ResilientRateLimiter limiter, Duration timeout) {
        long start = System.nanoTime();
        await("decisions back on Redis").atMost(timeout).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(10))
                .until(() -> limiter.acquire(POLICY, "probe", 0).origin() == Decision.Origin.STORE);
        return (System.nanoTime() - start) / 1_000_000;
    }

    /** The scripts sent to Redis, counted in all and by the thread that sent them. */
    private static final class SentToRedis extends ForwardingScripting {
        private final ThreadLocal<long[]> byThread = ThreadLocal.withInitial(() -> new long[1]);

        SentToRedis(RedisScripting redis) {
            super(redis);
        }

        long byThisThread() {
            return byThread.get()[0];
        }

        @Override
        public Object run(ScriptCall call) {
            byThread.get()[0]++;
            return super.run(call);
        }

        @Override
        public List<Object> runAll(List<ScriptCall> calls) {
            byThread.get()[0] += calls.size();
            return super.runAll(calls);
        }
    }

    private static final class Calls {
        final List<Decision> decisions = new ArrayList<>();
        long[] nanos = new long[0];
        long[] openNanos = new long[0];
        long admitted;
        long sent;
        long sentWhileOpen;
        long mostSentByOneCall;
        private final List<Long> all = new ArrayList<>();
        private final List<Long> open = new ArrayList<>();

        void add(Decision d, long nanos, boolean breakerOpen, long scriptsSent) {
            decisions.add(d);
            all.add(nanos);
            if (breakerOpen) {
                open.add(nanos);
                sentWhileOpen += scriptsSent;
            }
            sent += scriptsSent;
            mostSentByOneCall = Math.max(mostSentByOneCall, scriptsSent);
            if (d.allowed()) {
                admitted++;
            }
            this.nanos = all.stream().mapToLong(Long::longValue).toArray();
            this.openNanos = open.stream().mapToLong(Long::longValue).toArray();
        }

        void addAll(Calls other) {
            decisions.addAll(other.decisions);
            all.addAll(other.all);
            open.addAll(other.open);
            admitted += other.admitted;
            sent += other.sent;
            sentWhileOpen += other.sentWhileOpen;
            mostSentByOneCall = Math.max(mostSentByOneCall, other.mostSentByOneCall);
            nanos = all.stream().mapToLong(Long::longValue).toArray();
            openNanos = open.stream().mapToLong(Long::longValue).toArray();
        }
    }
}
