package io.throttled.redis;

import io.throttled.core.Algorithm;
import io.throttled.core.Refill;
import io.throttled.core.Policy;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;

/**
 * Redis' own time per decision in batch-script calls of n decisions (the {@code usec} of {@code EVALSHA} in
 * {@code INFO commandstats}, so no client or I/O time), per algorithm, on one hot key or on random keys: the
 * Lua a batch runs, and nothing else. The lowest of 7 runs of 300 calls is kept. Not part of {@code benchmarks/run}:
 * a tool for comparing a change to the scripts, with the scripts before it put first on the class path (the
 * extension reads them as resources), alternating with the build's own:
 *
 * <pre>
 * redis-server --port 7399 --save '' --daemonize yes
 * # the blocks' folder at that commit; since the layers split it is extension/redis/src/main/resources/META-INF/throttled/lua
 * mkdir -p /tmp/old-lua &amp;&amp; git archive a365790~1 extension/src/main/resources/META-INF/throttled/lua \
 *   | tar -x --strip-components=4 -C /tmp/old-lua
 * CP="benchmarks/target/classes:$(cat benchmarks/target/classpath.txt)"
 * for round in 1 2 3; do for lua in /tmp/old-lua ""; do
 *   java -cp "$lua:$CP" io.throttled.redis.BatchScriptTime 7399 64 hot; done; done
 * </pre>
 */
public final class BatchScriptTime {
    private static final int CALLS = 300;
    private static final int RUNS = 7;

    private BatchScriptTime() {
    }

    /**
     * Arguments: Redis port, decisions per batch (0: each decision as its own script, as a lone caller sends it),
     * {@code hot} or {@code random}, optionally algorithms (comma-separated).
     */
    public static void main(String[] args) {
        int port = Integer.parseInt(args[0]);
        boolean alone = args[1].equals("0");
        int n = alone ? 1 : Integer.parseInt(args[1]);
        boolean hot = args[2].equals("hot");
        String[] algorithms = (args.length > 3 ? args[3] : "token-bucket,token-bucket-interval,gcra,fixed-window,"
                + "sliding-window-log,sliding-window-counter,leaky-bucket").split(",");
        Random random = new Random(1);
        try (UnifiedJedis client = RedisClient.create("redis://127.0.0.1:" + port);
             Jedis stats = new Jedis("127.0.0.1", port)) {
            JedisScripting scripting = new JedisScripting(client);
            RedisRateLimiter limiter = RedisRateLimiter.builder(scripting).keyPrefix("batch-time:").build();
            for (String algorithm : algorithms) {
                Policy policy = policy(algorithm);
                double best = Double.MAX_VALUE;
                for (int run = 0; run < RUNS; run++) {
                    stats.configResetStat();
                    for (int call = 0; call < CALLS; call++) {
                        List<ScriptCall> decisions = new ArrayList<>(n);
                        for (int d = 0; d < n; d++) {
                            String key = hot ? "hot" : "k" + random.nextInt(100_000);
                            decisions.add(BenchmarkCalls.decision(limiter, policy, key, 1));
                        }
                        scripting.run(alone ? decisions.get(0) : BatchScript.of(decisions));
                    }
                    best = Math.min(best, (double) evalshaMicros(stats.info("commandstats")) / CALLS / n);
                }
                System.out.printf("%-24s %-7s %-6s %.3f µs per decision%n", algorithm, alone ? "alone" : "n=" + n,
                        args[2], best);
            }
        }
    }

    /** A policy that admits every call (the sliding log's quantity is bounded: one entry per call). */
    private static Policy policy(String algorithm) {
        boolean interval = algorithm.equals("token-bucket-interval");
        return Policy.builder("batch-time-" + algorithm)
                .algorithm(Algorithm.fromConfig(interval ? "token-bucket" : algorithm))
                .refill(interval ? Refill.INTERVAL : Refill.GREEDY)
                .rate(algorithm.equals("sliding-window-log") ? "10000/1s" : "1000000000/1s").build();
    }

    private static long evalshaMicros(String commandStats) {
        String line = commandStats.lines().filter(l -> l.startsWith("cmdstat_evalsha:")).findFirst()
                .orElseThrow(() -> new IllegalStateException("no EVALSHA in INFO commandstats"));
        int from = line.indexOf("usec=") + "usec=".length();
        return Long.parseLong(line.substring(from, line.indexOf(',', from)));
    }
}
