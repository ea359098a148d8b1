package io.throttled.bench;

import io.throttled.core.Decision;
import io.throttled.core.FailureMode;
import io.throttled.core.Policy;
import io.throttled.memory.InMemoryRateLimiter;
import io.throttled.resilience.CircuitBreaker;
import io.throttled.redis.CoalescingScripting;
import io.throttled.resilience.OverLimitCache;
import io.throttled.redis.RedisRateLimiter;
import io.throttled.resilience.ResilientRateLimiter;
import io.throttled.testing.redis.CountingScripting;
import io.throttled.testing.redis.RedisProcess;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import redis.clients.jedis.Jedis;

/** One key flooded at 10× its limit: Redis calls per request with and without the over-limit cache. */
final class FloodBench {

    void run(Report report, RedisProcess redis, Limiters ours) {
        report.heading("6. Flood: one key at 10× its limit");
        report.paragraph("16 threads send 10,000 requests for one key under `1000/1m`. Every admission takes a"
                + " decision in Redis (that is what keeps the limit exact across nodes); concurrent decisions share"
                + " batch-script calls, so script calls alone cannot tell admissions from denials. The decisions that"
                + " reached Redis are counted as the limiter hands them to the coalescer; those beyond the admitted"
                + " ones are denials that the over-limit cache did not answer. Target: ≤ 0.02 of the denied requests"
                + " reach Redis.");
        Report.Table table = report.table("over-limit cache", "requests", "admitted", "decisions in Redis",
                "Redis script calls", "calls / request", "denied requests that reached Redis", "target");
        for (boolean cache : new boolean[] {true, false}) {
            Policy policy = Policy.builder(cache ? "flood-cached" : "flood-plain").rate("1000/1m").build();
            // the decision scripts the limiter hands on (each a decision Redis makes), counted before they are batched
            CountingScripting sent = new CountingScripting(new CoalescingScripting(ours.jedis, 128, 2));
            ResilientRateLimiter limiter = new ResilientRateLimiter(RedisRateLimiter.builder(sent).build(),
                    FailureMode.CLOSED, InMemoryRateLimiter.create(), new CircuitBreaker(5, 1000, System::nanoTime),
                    cache ? new OverLimitCache(100_000, System::nanoTime) : null, System::nanoTime);
            AtomicInteger admitted = new AtomicInteger();
            long before = scriptCalls(redis);
            Load.run(16, Duration.ZERO, Duration.ofMinutes(2), 10_000, t -> () -> {
                Decision d = limiter.acquire(policy, "hot");
                if (d.allowed()) {
                    admitted.incrementAndGet();
                }
            });
            long calls = scriptCalls(redis) - before;
            long decisions = sent.scriptCalls();
            double perDenied = (double) (decisions - admitted.get()) / (10_000 - admitted.get());
            table.row(cache ? "on" : "off", "10,000", admitted.get(), decisions, calls, Report.num(calls / 10_000.0),
                    Report.num(perDenied), cache ? Report.verdict(perDenied, 0.02, false) : "");
        }
        table.end();
    }

    private static long scriptCalls(RedisProcess redis) {
        try (Jedis jedis = redis.jedis()) {
            return ServerStats.read(jedis).callsOf("evalsha");
        }
    }
}
