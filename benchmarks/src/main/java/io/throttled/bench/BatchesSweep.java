package io.throttled.bench;

import io.throttled.bench.Variants.Variant;
import io.throttled.redis.BenchmarkCalls;
import io.throttled.redis.CoalescingScripting;
import io.throttled.redis.JedisKeyspace;
import io.throttled.redis.RedisRateLimiter;
import io.throttled.redis.ScriptCall;
import io.throttled.testing.redis.RedisProcess;
import java.util.Arrays;

/**
 * Coalesced decisions per second at N callers with several numbers of batches in flight
 * ({@code throttled.redis.coalesce.batches}), each round between two runs of redis-benchmark EVALSHA unpipelined at
 * the same concurrency, on a Redis of its own; prints each round's rates and each ratio to the round's first
 * redis-benchmark run. Not part of {@code benchmarks/run}: it answers whether the default of 2 suits 8 callers.
 * After {@code benchmarks/run} (or {@code mvn install -DskipTests} and the classpath file it writes):
 * <pre>java -Dbatches=1,2,3,4,8 -cp "benchmarks/target/classes:$(cat benchmarks/target/classpath.txt)" \
 *     io.throttled.bench.BatchesSweep 8 3</pre>
 * Arguments: callers, rounds per algorithm, and optionally part of an algorithm's name to run only those.
 */
public final class BatchesSweep {
    private BatchesSweep() {
    }

    public static void main(String[] args) {
        int callers = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        String only = args.length > 2 ? args[2] : "";
        int[] batches = Arrays.stream(System.getProperty("batches", "1,2,3,4,8").split(","))
                .mapToInt(Integer::parseInt).toArray();
        ThroughputBench.Settings settings = ThroughputBench.Settings.of(false);
        try (RedisProcess redis = RedisProcess.start(); Limiters limiters = new Limiters(redis.url())) {
            RedisRateLimiter[] coalesced = new RedisRateLimiter[batches.length];
            for (int i = 0; i < batches.length; i++) {
                coalesced[i] = RedisRateLimiter.builder(new CoalescingScripting(limiters.jedis, 128, batches[i]))
                        .keyspace(new JedisKeyspace(limiters.jedis.client())).build();
            }
            for (Variant v : Variants.all("tp")) {
                if (!v.name().contains(only)) {
                    continue;
                }
                ScriptCall call = BenchmarkCalls.decision(limiters.plain, v.policy(), "x", 1);
                String keys = "throttled:" + v.policy().name() + ":{__rand_int__}";
                for (RedisRateLimiter limiter : coalesced) {
                    ThroughputBench.measure(limiter, v, callers, settings);   // warm-up
                }
                for (int r = 0; r < rounds; r++) {
                    double before = RedisBenchmark.evalsha(redis.port(), call, keys, callers, 1, 60_000).perSecond();
                    StringBuilder line = new StringBuilder(String.format("%s r%d: redis-benchmark %.0f/s", v.name(), r, before));
                    for (int i = 0; i < batches.length; i++) {
                        double ours = ThroughputBench.measure(coalesced[i], v, callers, settings).perSecond();
                        line.append(String.format(", batches %d %.0f/s (%.2f×)", batches[i], ours, ours / before));
                    }
                    double after = RedisBenchmark.evalsha(redis.port(), call, keys, callers, 1, 60_000).perSecond();
                    System.out.println(line.append(String.format(", redis-benchmark %.0f/s", after)));
                }
                limiters.flush();
            }
        }
    }
}
