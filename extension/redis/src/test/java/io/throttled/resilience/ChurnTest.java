package io.throttled.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.testing.Slow;
import io.throttled.core.Decision;
import io.throttled.core.FailureMode;
import io.throttled.core.Policy;
import io.throttled.redis.RedisSettings;
import io.throttled.resilience.ResilientRateLimiter;
import io.throttled.testing.redis.RedisProcess;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/** SCRIPT FLUSH every 100 ms, and a Redis restart, under concurrent load: no decision fails. */
@Slow
class ChurnTest {
    private static final Policy POLICY = Policy.builder("churn").rate("1000000/1s").build();

    @Test
    void scriptFlushesEvery100msFailNoDecision() throws Exception {
        try (RedisProcess redis = RedisProcess.start();
             // what is tested is NOSCRIPT recovery, not the timeout: a loaded machine must not open the breaker
             ResilientRateLimiter limiter = Resilient.limiter(RedisSettings.builder().url(redis.url())
                     .commandTimeout(java.time.Duration.ofSeconds(2)).build(), FailureMode.CLOSED, true)) {
            AtomicBoolean running = new AtomicBoolean(true);
            AtomicInteger flushes = new AtomicInteger();
            Thread chaos = new Thread(() -> {
                try (Jedis jedis = redis.jedis()) {
                    while (running.get()) {
                        jedis.scriptFlush();
                        flushes.incrementAndGet();
                        sleep(100);   // the churn's pace, the scenario itself: nothing is waited for
                    }
                }
            });
            chaos.start();
            Map<Decision.Origin, Integer> origins = load(limiter, 3_000, running);
            chaos.join();

            Reliability.report("SCRIPT FLUSH every 100 ms", flushes.get() + " flushes during " + total(origins)
                    + " decisions from 8 threads: " + origins + ", no exception");
            assertThat(flushes.get()).isGreaterThanOrEqualTo(20);
            assertThat(origins).containsOnlyKeys(Decision.Origin.STORE);   // every one decided on Redis
        }
    }

    @Test
    void aRedisRestartFailsNoDecision() throws Exception {
        try (RedisProcess redis = RedisProcess.start();
             ResilientRateLimiter limiter = Resilient.limiter(RedisSettings.ofUrl(redis.url()), FailureMode.LOCAL, true)) {
            AtomicBoolean running = new AtomicBoolean(true);
            Thread chaos = new Thread(() -> {
                sleep(1000);   // the scenario's schedule: the restart comes a second into the 4 s of load
                redis.restart();
            });
            chaos.start();
            Map<Decision.Origin, Integer> origins = load(limiter, 4_000, running);
            chaos.join();

            Reliability.report("Redis restart under load", total(origins) + " decisions from 8 threads: " + origins
                    + ", no exception; the ones during the restart decided locally");
            assertThat(origins.getOrDefault(Decision.Origin.STORE, 0)).isPositive();
            assertThat(origins).containsOnlyKeys(Decision.Origin.STORE, Decision.Origin.LOCAL_FALLBACK);
        }
    }

    /** Eight threads deciding for {@code millis}; an exception would fail the future, and the test. */
    private static Map<Decision.Origin, Integer> load(ResilientRateLimiter limiter, long millis, AtomicBoolean running)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        long end = System.nanoTime() + millis * 1_000_000;
        List<Future<Map<Decision.Origin, Integer>>> parts = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            String key = "k" + t;
            parts.add(pool.submit(() -> {
                Map<Decision.Origin, Integer> seen = new EnumMap<>(Decision.Origin.class);
                while (System.nanoTime() < end) {
                    seen.merge(limiter.acquire(POLICY, key).origin(), 1, Integer::sum);
                }
                return seen;
            }));
        }
        Map<Decision.Origin, Integer> all = new EnumMap<>(Decision.Origin.class);
        for (Future<Map<Decision.Origin, Integer>> part : parts) {
            part.get(1, TimeUnit.MINUTES).forEach((k, v) -> all.merge(k, v, Integer::sum));
        }
        running.set(false);
        pool.shutdown();
        return all;
    }

    private static int total(Map<Decision.Origin, Integer> origins) {
        return origins.values().stream().mapToInt(Integer::intValue).sum();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
