package io.throttled.bench;

import io.throttled.bench.Variants.Variant;
import io.throttled.redis.BatchCostProbe;
import io.throttled.redis.JedisScripting;
import io.throttled.redis.RedisConnections;
import io.throttled.redis.RedisSettings;
import io.throttled.redis.RedisRateLimiter;
import io.throttled.testing.redis.RedisProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/** What each decision costs Redis (commands, bytes, CPU), and what each key costs it in memory. */
final class CostBench {

    void run(Report report, RedisProcess redis, Limiters ours, ThroughputBench.Settings settings) {
        int decisions = settings.smoke() ? 2_000 : 40_000;
        report.heading("3. Round trips and server cost per decision");
        report.paragraph("From `INFO commandstats`, `INFO stats` and `INFO cpu` before and after " + decisions
                + " decisions from 8 threads on uniformly random keys. Commands count those the script runs."
                + " Target: at most one script call per decision for ours (concurrent decisions on one slot share one"
                + " batch-script call; \"a script per decision\" is coalescing into pipelines only, as before batch"
                + " scripts).");
        Report.Table cost = report.table("limiter", "script calls / decision", "Redis commands / decision",
                "bytes / decision (in + out)", "server CPU µs / decision");
        // 8 threads: a connection each
        try (Jedis jedis = redis.jedis(); Bucket4jTarget bucket4j = new Bucket4jTarget(redis.port(), 8)) {
            for (Variant v : Variants.all("cost")) {
                measureCost(cost, v.name() + " (coalesced)", jedis, decisions,
                        () -> ours.coalesced.acquire(v.policy(), randomKey(), 1));
            }
            Variant tb = Variants.all("cost-plain").get(0);
            measureCost(cost, "token-bucket (coalesced, a script per decision)", jedis, decisions,
                    () -> ours.pipelined.acquire(tb.policy(), randomKey(), 1));
            measureCost(cost, "token-bucket, no coalescing", jedis, decisions, () -> ours.plain.acquire(tb.policy(), randomKey(), 1));
            measureCost(cost, "Bucket4j (token bucket)", jedis, decisions, () -> bucket4j.tryConsume(randomKey()));
            cost.end();
            batchSizes(report, redis, jedis, settings.smoke());

            int keys = settings.smoke() ? 2_000 : 100_000;
            report.heading("4. Memory per key");
            report.paragraph("`MEMORY USAGE` averaged over 2,000 of " + keys + " keys per algorithm (the key's"
                    + " own name included; ours are `throttled:<policy>:{u<n>}:<code><window>`), and whether every key"
                    + " carries a TTL (`INFO keyspace`: expires = keys), each key having taken one token under `100/1h`. Targets: GCRA ≤ 72 B, token bucket ≤ 120 B.");
            Report.Table memory = report.table("limiter", "bytes per key", "keys with a TTL", "target");
            // 100/1h: a bucket that took one token lives 36 s, long enough to be measured
            for (Variant v : Variants.all("m", "100/1h")) {
                jedis.flushAll();
                fill(ours.coalesced, v, keys);
                String target = v.name().equals("gcra") ? Report.verdict(bytesPerKey(jedis), 72, false)
                        : v.name().equals("token-bucket") ? Report.verdict(bytesPerKey(jedis), 120, false) : "";
                memory.row(v.name(), bytesPerKey(jedis), ttlCoverage(jedis), target);
            }
            jedis.flushAll();
            Load.run(8, Duration.ZERO, Duration.ofMinutes(5), keys, t -> {
                int[] next = {t};
                return () -> {
                    bucket4j.tryConsume("throttled:m-b4j:{u" + next[0] + "}");
                    next[0] += 8;
                };
            });
            memory.row("Bucket4j (token bucket)", bytesPerKey(jedis), ttlCoverage(jedis), "");
            memory.end();
            jedis.flushAll();
        }
    }

    /**
     * Redis' CPU per decision at fixed batch sizes from one connection, a batch script against the same decisions
     * as pipelined scripts of their own, alternating, two rounds each (the lower kept: this machine's noise only
     * adds). Free of the callers' timing, which decides how large batches get in the runs above.
     */
    private static void batchSizes(Report report, RedisProcess redis, Jedis jedis, boolean smoke) {
        int decisions = smoke ? 1_024 : 48_000;
        report.paragraph("The same question at fixed batch sizes, without callers: " + decisions + " decisions on random"
                + " keys (or all on one hot key) sent from one connection n at a time, as n pipelined decision scripts or"
                + " as one batch-script call, alternating, two rounds each, the lower figure of the two kept. Server CPU"
                + " is `INFO cpu` (I/O included); script time is Redis' own `usec` of `EVALSHA` in `INFO commandstats`."
                + " A batch reads and writes a key once however many of its decisions share it.");
        Report.Table table = report.table("keys", "n", "algorithm", "server CPU µs / decision: n scripts",
                "the same: one batch script", "script time µs / decision: n scripts", "the same: one batch script",
                "batch ÷ scripts, CPU");
        try (JedisScripting scripting = RedisConnections.scripting(RedisSettings.builder().url(redis.url()).build())) {
            BatchCostProbe probe = new BatchCostProbe(scripting, new BatchCostProbe.Counters() {
                @Override
                public double cpuSeconds() {
                    return ServerStats.read(jedis).cpuSeconds();
                }

                @Override
                public long scriptMicros() {
                    return ServerStats.read(jedis).usecOf("evalsha");
                }
            });
            List<String> names = BatchCostProbe.algorithms();
            for (boolean oneKey : new boolean[] {false, true}) {
                for (String algorithm : List.of("token-bucket", "gcra", "leaky-bucket")) {
                    int number = names.indexOf(algorithm);
                    for (int n : oneKey ? new int[] {16, 64} : new int[] {4, 16, 64}) {
                        BatchCostProbe.Cost scripts = null;
                        BatchCostProbe.Cost batch = null;
                        for (int round = 0; round < 2; round++) {
                            scripts = lower(scripts, probe.measure(number, n, false, decisions, oneKey));
                            batch = lower(batch, probe.measure(number, n, true, decisions, oneKey));
                        }
                        table.row(oneKey ? "one" : "random", Integer.toString(n), algorithm,
                                Report.num(scripts.cpuMicros()), Report.num(batch.cpuMicros()),
                                Report.num(scripts.scriptMicros()), Report.num(batch.scriptMicros()),
                                Report.ratio(batch.cpuMicros() / scripts.cpuMicros()));
                    }
                }
            }
        }
        table.end();
        jedis.flushAll();
    }

    private static BatchCostProbe.Cost lower(BatchCostProbe.Cost kept, BatchCostProbe.Cost measured) {
        return kept == null || measured.cpuMicros() < kept.cpuMicros() ? measured : kept;
    }

    private static String randomKey() {
        return "u" + ThreadLocalRandom.current().nextInt(100_000);
    }

    private static void measureCost(Report.Table table, String name, Jedis jedis, int decisions, Load.Caller call) {
        jedis.configResetStat();
        ServerStats before = ServerStats.read(jedis);
        Load.run(8, Duration.ZERO, Duration.ofMinutes(5), decisions, t -> call);
        ServerStats after = ServerStats.read(jedis);
        long scriptCalls = (after.callsOf("evalsha") + after.callsOf("eval")) - (before.callsOf("evalsha") + before.callsOf("eval"));
        long commands = after.commandsTotal() - before.commandsTotal() - 1;   // less the INFO that reads them
        long bytes = (after.netIn() - before.netIn()) + (after.netOut() - before.netOut());
        double cpu = (after.cpuSeconds() - before.cpuSeconds()) * 1e6;
        table.row(name, Report.num((double) scriptCalls / decisions), Report.num((double) commands / decisions),
                Report.num((double) bytes / decisions), Report.num(cpu / decisions));
    }

    private static void fill(RedisRateLimiter limiter, Variant v, int keys) {
        for (int from = 0; from < keys; from += 1000) {
            List<RedisRateLimiter.Request> batch = new ArrayList<>();
            for (int i = from; i < Math.min(keys, from + 1000); i++) {
                batch.add(new RedisRateLimiter.Request(v.policy(), "u" + i, 1));
            }
            limiter.acquireAll(batch);
        }
    }

    private static long bytesPerKey(Jedis jedis) {
        long total = 0;
        int n = 0;
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            ScanResult<String> page = jedis.scan(cursor, new ScanParams().count(500));
            for (String key : page.getResult()) {
                Long usage = jedis.memoryUsage(key);
                if (usage != null && n < 2000) {
                    total += usage;
                    n++;
                }
            }
            cursor = page.getCursor();
        } while (n < 2000 && !cursor.equals(ScanParams.SCAN_POINTER_START));
        return n == 0 ? 0 : total / n;
    }

    private static String ttlCoverage(Jedis jedis) {
        String info = jedis.info("keyspace");
        long keys = field(info, "keys=");
        long expires = field(info, "expires=");
        return expires == keys ? "all " + keys : expires + " of " + keys;
    }

    private static long field(String info, String name) {
        int at = info.indexOf(name);
        return at < 0 ? 0 : Long.parseLong(info.substring(at + name.length()).replaceAll("[^0-9].*", ""));
    }
}
