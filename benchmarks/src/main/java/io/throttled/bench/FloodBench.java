package io.throttled.bench;

import io.throttled.core.Decision;
import io.throttled.core.FailureMode;
import io.throttled.core.Policy;
import io.throttled.memory.InMemoryRateLimiter;
import io.throttled.redis.CircuitBreaker;
import io.throttled.redis.OverLimitCache;
import io.throttled.redis.ResilientRateLimiter;
import io.throttled.testing.RedisProcess;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import redis.clients.jedis.Jedis;

/** One key flooded at 10× its limit: Redis calls per request with and without the over-limit cache. */
final class FloodBench {

    void run(Report report, RedisProcess redis, Limiters ours) {
        report.heading("6. Flood: one key at 10× its limit");
        report.paragraph("16 threads send 10,000 requests for one key under `1000/1m`. Every admission takes a Redis"
                + " call (that is what keeps the limit exact across nodes), so calls per request cannot go below the"
                + " admitted share, 0.1 here; the over-limit cache answers the denials. Target: ≤ 0.02 Redis calls per"
                + " request beyond the limit.");
        Report.Table table = report.table("over-limit cache", "requests", "admitted", "Redis script calls",
                "calls / request", "calls / denied request", "target");
        for (boolean cache : new boolean[] {true, false}) {
            Policy policy = Policy.builder(cache ? "flood-cached" : "flood-plain").rate("1000/1m").build();
            ResilientRateLimiter limiter = new ResilientRateLimiter(ours.coalesced, FailureMode.CLOSED,
                    InMemoryRateLimiter.create(), new CircuitBreaker(5, 1000, System::nanoTime),
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
            double perDenied = (double) (calls - admitted.get()) / (10_000 - admitted.get());
            table.row(cache ? "on" : "off", "10,000", admitted.get(), calls, Report.num(calls / 10_000.0),
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
