package io.throttled.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.testing.Slow;
import io.throttled.core.Decision;
import io.throttled.core.FailureMode;
import io.throttled.core.Policy;
import io.throttled.memory.InMemoryRateLimiter;
import io.throttled.resilience.CircuitBreaker;
import io.throttled.redis.JedisScripting;
import io.throttled.resilience.OverLimitCache;
import io.throttled.redis.RedisConnections;
import io.throttled.redis.RedisRateLimiter;
import io.throttled.redis.RedisSettings;
import io.throttled.resilience.ResilientRateLimiter;
import io.throttled.testing.redis.RedisProcess;
import io.throttled.testing.redis.SlowProxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Redis stopped, paused (SIGSTOP) or slowed (every byte delayed past the timeout), under load from eight
 * threads, with the production defaults (50 ms command timeout, breaker after 5 failures, 1 s open): every
 * call gets its failure mode's decision; p99 stays within the timeout + 5 ms; once the breaker is open
 * decisions take microseconds; when Redis is back, decisions are on Redis again within seconds.
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
            RedisSettings settings = RedisSettings.builder().url(proxy.url()).build();   // the production defaults
            JedisScripting scripting = RedisConnections.scripting(settings);
            CircuitBreaker breaker = new CircuitBreaker(5, 1000, System::nanoTime);
            try (ResilientRateLimiter limiter = new ResilientRateLimiter(RedisRateLimiter.builder(scripting).build(), mode,
                    InMemoryRateLimiter.create(), breaker, new OverLimitCache(10_000, System::nanoTime), System::nanoTime)) {
                assertThat(awaitStore(limiter, Duration.ofSeconds(5))).as("healthy first").isNotNegative();

                switch (outage) {
                    case STOPPED -> redis.kill();
                    case PAUSED -> redis.suspend();
                    case SLOWED -> proxy.delayMillis(200);
                }
                Calls calls = load(limiter);
                switch (outage) {
                    case STOPPED -> redis.restart();
                    case PAUSED -> redis.resume();
                    case SLOWED -> proxy.delayMillis(0);
                }
                long backOnRedisMs = awaitStore(limiter, Duration.ofSeconds(10));

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
                String figures = "all " + calls.decisions.size() + " decisions " + expected + "; latency "
                        + Latencies.describe(calls.nanos) + "; with the breaker open " + Latencies.describe(calls.openNanos)
                        + "; back on Redis " + backOnRedisMs + " ms after it returned";
                Reliability.report("failure mode " + mode.configName() + ", Redis " + outage.name().toLowerCase(), figures);
                assertThat(Latencies.percentileMillis(calls.nanos, 99)).as(figures)
                        .isLessThanOrEqualTo(settings.commandTimeout().toMillis() + 5);
                assertThat(Latencies.percentileMillis(calls.openNanos, 90)).as(figures).isLessThan(1.0);
                assertThat(backOnRedisMs).as(figures).isLessThan(5_000);
            } finally {
                redis.resume();
            }
        }
    }

    /** Eight threads, each its own key. */
    private static Calls load(ResilientRateLimiter limiter) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        List<Future<Calls>> parts = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            String key = "k" + t;
            parts.add(pool.submit(() -> {
                Calls calls = new Calls();
                for (int i = 0; i < CALLS_PER_THREAD; i++) {
                    boolean open = limiter.breaker().state() == CircuitBreaker.State.OPEN;
                    long start = System.nanoTime();
                    Decision d = limiter.acquire(POLICY, key);
                    calls.add(d, System.nanoTime() - start, open);
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

    /** Polls until a decision is made on Redis again; returns how long that took, in ms. */
    private static long awaitStore(ResilientRateLimiter limiter, Duration timeout) throws InterruptedException {
        long start = System.nanoTime();
        while (System.nanoTime() - start < timeout.toNanos()) {
            if (limiter.acquire(POLICY, "probe", 0).origin() == Decision.Origin.STORE) {
                return (System.nanoTime() - start) / 1_000_000;
            }
            Thread.sleep(10);
        }
        throw new AssertionError("decisions were not back on Redis within " + timeout);
    }

    private static final class Calls {
        final List<Decision> decisions = new ArrayList<>();
        long[] nanos = new long[0];
        long[] openNanos = new long[0];
        long admitted;
        private final List<Long> all = new ArrayList<>();
        private final List<Long> open = new ArrayList<>();

        void add(Decision d, long nanos, boolean breakerOpen) {
            decisions.add(d);
            all.add(nanos);
            if (breakerOpen) {
                open.add(nanos);
            }
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
            nanos = all.stream().mapToLong(Long::longValue).toArray();
            openNanos = open.stream().mapToLong(Long::longValue).toArray();
        }
    }
}
