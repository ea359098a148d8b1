package io.throttled.bench;

import io.throttled.core.Algorithm;
import io.throttled.core.Policy;
import io.throttled.redis.CoalescingScripting;
import io.throttled.redis.JedisKeyspace;
import io.throttled.redis.JedisScripting;
import io.throttled.redis.RedisConnections;
import io.throttled.redis.RedisRateLimiter;
import io.throttled.redis.RedisSettings;
import io.throttled.redis.RedisVersion;
import io.throttled.testing.redis.RedisBinaries;
import io.throttled.testing.redis.RedisProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.RedisProtocol;
import redis.clients.jedis.commands.ProtocolCommand;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.util.SafeEncoder;

/**
 * The latency of one decision through the stack production builds ({@code RedisRateLimiter}, coalesced with the
 * production defaults, over {@code RedisConnections} with the production pool) with a command timeout of 5 s so
 * that nothing is cut, on a Redis of its own: healthy at 1, 8 and 64 callers, then holding 10^6 more keys while
 * {@code BGSAVE} and then {@code BGREWRITEAOF} are started again as soon as the previous one ends, so the whole
 * measured run is under fork pressure. Token bucket, uniformly random keys among 10,000. Per scenario: p50, p99,
 * p99.9 and max, and how many decisions took longer than each candidate value of {@code throttled.redis.timeout},
 * the decisions that would have fallen back to the failure mode with that timeout. It is what the default timeout
 * is chosen from ({@code docs/operations/redis-timeout.md}).
 *
 * <p>Alone (10 to 15 minutes), after {@code mvn -B -o -q test-compile -pl benchmarks -am -Dmdep.skip=true} and
 * with the module's class path (see {@code benchmarks/run}):
 * <pre>java -Xmx2g -cp "benchmarks/target/classes:..." io.throttled.bench.DecisionLatencyUnderLoad --out benchmarks/results</pre>
 * Arguments: {@code --out DIR}, {@code --smoke} (tiny: its figures mean nothing), {@code --decisions N} (most per
 * scenario, 2,000,000), {@code --seconds S} (most per healthy scenario, 60; fork scenarios get 1.5 times as
 * long). Also section 8 of {@link BenchmarkSuite}.
 */
public final class DecisionLatencyUnderLoad {
    /** The candidate timeouts, in ms. */
    static final long[] CANDIDATES_MS = {10, 25, 50, 75, 100, 150, 200, 250, 500};
    static final int KEYS = 10_000;
    private static final ProtocolCommand DEBUG = () -> SafeEncoder.encode("DEBUG");
    private static final int[] HEALTHY_CALLERS = {1, 8, 64};
    private static final int[] FORK_CALLERS = {8, 64};
    private static final Policy POLICY = Policy.builder("timeout").algorithm(Algorithm.TOKEN_BUCKET)
            .rate("1000000000/1s").build();

    /** What keeps Redis busy forking during a scenario. */
    enum Fork {
        NONE("healthy"), BGSAVE("BGSAVE"), BGREWRITEAOF("BGREWRITEAOF");

        final String label;

        Fork(String label) {
            this.label = label;
        }
    }

    /** How much each scenario runs. */
    record Settings(boolean smoke, Duration warmUp, Duration healthy, Duration forking, long decisions, int populate) {
        static Settings of(boolean smoke) {
            return smoke ? new Settings(true, Duration.ofMillis(100), Duration.ofMillis(300), Duration.ofMillis(500), 5_000, 10_000)
                    : new Settings(false, Duration.ofSeconds(3), Duration.ofSeconds(60), Duration.ofSeconds(90), 2_000_000, 1_000_000);
        }

        Settings limited(long most, Duration healthyTime) {
            return new Settings(smoke, warmUp, healthyTime, healthyTime.multipliedBy(3).dividedBy(2), most, populate);
        }
    }

    /** The forks Redis made during a scenario, from INFO. */
    record Forks(long count, long maxForkUsec, double shareUnderChild, long delayedFsyncs) {
        static final Forks NONE = new Forks(0, 0, 0, 0);
    }

    /** One scenario's figures; latencies in µs, exceedances per candidate. */
    record Result(Fork fork, int callers, Measurement measurement, long maxNanos, long[] over, long errors,
                  String firstError, Forks forks) {
        long decisions() {
            return measurement.operations();
        }

        String name() {
            return fork.label + ", " + callers + (callers == 1 ? " caller" : " callers");
        }
    }

    final List<Result> results = new ArrayList<>();

    public static void main(String[] args) {
        Path out = Path.of("benchmarks/results");
        boolean smoke = false;
        long decisions = -1;
        long seconds = -1;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--out" -> out = Path.of(args[++i]);
                case "--smoke" -> smoke = true;
                case "--decisions" -> decisions = Long.parseLong(args[++i]);
                case "--seconds" -> seconds = Long.parseLong(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument '" + args[i]
                        + "'; accepted: --out DIR, --smoke, --decisions N, --seconds S");
            }
        }
        Settings settings = Settings.of(smoke);
        if (decisions > 0 || seconds > 0) {
            settings = settings.limited(decisions > 0 ? decisions : settings.decisions(),
                    seconds > 0 ? Duration.ofSeconds(seconds) : settings.healthy());
        }
        Report report = new Report();
        report.line("# Decision latency under load, and the Redis timeout" + (smoke ? " (smoke run: the figures mean nothing)" : ""));
        report.line("");
        DecisionLatencyUnderLoad bench = new DecisionLatencyUnderLoad();
        bench.run(report, settings, false);
        Path file = out.resolve("decision-latency-" + ZonedDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd-HHmm")) + ".md");
        report.write(file);
        System.out.println("written: " + file);
    }

    /** Runs every scenario on a Redis of its own and adds the tables to the report. */
    void run(Report report, Settings settings, boolean inSuite) {
        if (inSuite) {
            report.heading("8. Decision latency, and the Redis timeout");
        }
        try (RedisProcess redis = start(); JedisScripting jedis = RedisConnections.scripting(
                RedisSettings.builder().url(redis.url()).commandTimeout(Duration.ofSeconds(5)).build())) {
            RedisRateLimiter limiter = RedisRateLimiter.builder(new CoalescingScripting(jedis, 128, 2))
                    .keyspace(new JedisKeyspace(jedis.client())).build();
            report.paragraph(environment(redis, settings));
            report.paragraph("`RateLimiter.acquire` on `RedisRateLimiter`, coalesced as production builds it (max-batch 128,"
                    + " 2 batches in flight) over `RedisConnections` with the production pool (32 connections, max-wait"
                    + " 50 ms) and a command timeout of 5 s, so that nothing is cut; token bucket, uniformly random keys"
                    + " among " + String.format(Locale.ROOT, "%,d", KEYS) + ". Closed loop: each caller calls as soon as its"
                    + " last call returned. Per scenario a warm-up of " + settings.warmUp().toMillis() + " ms, then at most "
                    + String.format(Locale.ROOT, "%,d", settings.decisions()) + " decisions or " + seconds(settings.healthy())
                    + " s (" + seconds(settings.forking()) + " s under forks). Under forks Redis also holds "
                    + String.format(Locale.ROOT, "%,d", settings.populate()) + " other keys (`DEBUG POPULATE`), and the next"
                    + " BGSAVE or BGREWRITEAOF starts as soon as the last one ended, for the whole run.");
            String[] keys = new String[KEYS];
            for (int i = 0; i < KEYS; i++) {
                keys[i] = "k" + i;
            }
            for (int callers : HEALTHY_CALLERS) {
                results.add(measure(limiter, keys, callers, settings, settings.healthy(), null, Fork.NONE));
            }
            // filling a million keys takes seconds on a busy machine: longer than a plain connection waits
            try (Jedis admin = new Jedis(redis.hostAndPort(), DefaultJedisClientConfig.builder()
                    .socketTimeoutMillis(120_000).protocol(RedisProtocol.RESP2).build())) {
                populate(admin, settings.populate());
                for (int callers : FORK_CALLERS) {
                    results.add(measure(limiter, keys, callers, settings, settings.forking(), redis, Fork.BGSAVE));
                }
                admin.configSet("appendonly", "yes");   // starts a rewrite of its own, and the AOF from here on
                for (int callers : FORK_CALLERS) {
                    results.add(measure(limiter, keys, callers, settings, settings.forking(), redis, Fork.BGREWRITEAOF));
                }
            }
        }
        tables(report);
        report.paragraph("Load average at the end: " + loadAverage() + ".");
    }

    /** A server that takes DEBUG POPULATE from loopback where it can (Redis 7 turns DEBUG off by default). */
    private static RedisProcess start() {
        if (RedisVersion.parse(RedisBinaries.version()).atLeast(RedisVersion.RESERVATIONS)) {   // 7.0: the option exists
            return RedisProcess.start("--enable-debug-command", "local");
        }
        return RedisProcess.start();
    }

    private static void populate(Jedis admin, int keys) {
        try {
            admin.sendCommand(DEBUG, "POPULATE", Integer.toString(keys), "fill");
        } catch (JedisDataException noDebug) {
            Pipeline pipeline = admin.pipelined();
            for (int i = 0; i < keys; i++) {
                pipeline.set("fill:" + i, "value:" + i);
                if (i % 10_000 == 9_999) {
                    pipeline.sync();
                }
            }
            pipeline.sync();
        }
    }

    private Result measure(RedisRateLimiter limiter, String[] keys, int callers, Settings settings, Duration time,
                           RedisProcess redis, Fork fork) {
        Forker forker = fork == Fork.NONE ? null : new Forker(redis, fork);
        try {
            drive(limiter, keys, callers, settings.warmUp(), Long.MAX_VALUE, null);
            if (forker != null) {
                forker.startCounting();
            }
            Recorder recorder = new Recorder();
            Measurement m = drive(limiter, keys, callers, time, settings.decisions(), recorder);
            Forks forks = forker == null ? Forks.NONE : forker.stop();
            forker = null;
            Result result = new Result(fork, callers, m, recorder.max.get(), recorder.counts(), recorder.errors.sum(),
                    recorder.firstError.get(), forks);
            System.out.println(summary(result));
            return result;
        } finally {
            if (forker != null) {
                forker.stop();
            }
        }
    }

    /** One scenario's load: the recorder counts the decisions past each candidate, and the errors. */
    private static Measurement drive(RedisRateLimiter limiter, String[] keys, int callers, Duration time, long most,
                                     Recorder recorder) {
        return Load.run(callers, Duration.ZERO, time, most, t -> () -> {
            String key = keys[ThreadLocalRandom.current().nextInt(keys.length)];
            long start = System.nanoTime();
            try {
                limiter.acquire(POLICY, key, 1);
            } catch (RuntimeException e) {
                if (recorder == null) {
                    throw e;
                }
                recorder.errors.increment();
                recorder.firstError.compareAndSet(null, e.toString());
            }
            if (recorder != null) {
                recorder.record(System.nanoTime() - start);
            }
        });
    }

    /** Decisions past each candidate, the longest, and the calls that failed (the pool's wait, say). */
    private static final class Recorder {
        final LongAdder[] over = new LongAdder[CANDIDATES_MS.length];
        final LongAccumulator max = new LongAccumulator(Math::max, 0);
        final LongAdder errors = new LongAdder();
        final AtomicReference<String> firstError = new AtomicReference<>();

        Recorder() {
            for (int i = 0; i < over.length; i++) {
                over[i] = new LongAdder();
            }
        }

        void record(long nanos) {
            max.accumulate(nanos);
            for (int i = 0; i < CANDIDATES_MS.length && nanos > CANDIDATES_MS[i] * 1_000_000L; i++) {
                over[i].increment();
            }
        }

        long[] counts() {
            long[] counts = new long[over.length];
            for (int i = 0; i < over.length; i++) {
                counts[i] = over[i].sum();
            }
            return counts;
        }
    }

    /**
     * Starts the next BGSAVE or BGREWRITEAOF as soon as Redis runs no child, on a connection of its own, and watches
     * INFO every 10 ms: forks made, the longest fork ({@code latest_fork_usec}), the share of polls with a child
     * running, and {@code aof_delayed_fsync}.
     */
    private static final class Forker {
        private final Jedis jedis;
        private final Fork fork;
        private final AtomicBoolean stop = new AtomicBoolean();
        private final AtomicBoolean counting = new AtomicBoolean();
        private final Thread thread;
        private volatile long forksAtStart;
        private volatile long delayedAtStart;
        private long maxForkUsec;
        private long polls;
        private long pollsUnderChild;
        private volatile RuntimeException failure;

        Forker(RedisProcess redis, Fork fork) {
            this.jedis = redis.jedis();
            this.fork = fork;
            this.thread = new Thread(this::loop, "forker");
            thread.setDaemon(true);
            thread.start();
        }

        void startCounting() {
            synchronized (jedis) {
                String stats = jedis.info("stats");
                forksAtStart = field(stats, "total_forks");
                delayedAtStart = field(jedis.info("persistence"), "aof_delayed_fsync");
                maxForkUsec = 0;
                polls = 0;
                pollsUnderChild = 0;
                counting.set(true);
            }
        }

        private void loop() {
            long deadline = System.nanoTime() + Duration.ofMinutes(10).toNanos();   // never outlives a stuck run
            try {
                while (!stop.get() && System.nanoTime() < deadline) {
                    synchronized (jedis) {
                        String persistence = jedis.info("persistence");
                        boolean child = field(persistence, "rdb_bgsave_in_progress") != 0
                                || field(persistence, "aof_rewrite_in_progress") != 0
                                || field(persistence, "aof_rewrite_scheduled") != 0;
                        if (counting.get()) {
                            polls++;
                            pollsUnderChild += child ? 1 : 0;
                            maxForkUsec = Math.max(maxForkUsec, field(jedis.info("stats"), "latest_fork_usec"));
                        }
                        if (!child) {
                            try {
                                if (fork == Fork.BGSAVE) {
                                    jedis.bgsave();
                                } else {
                                    jedis.bgrewriteaof();
                                }
                            } catch (JedisDataException busy) {
                                // a child started in between: the next poll sees it
                            }
                        }
                    }
                    Thread.sleep(10);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                failure = e;
            }
        }

        Forks stop() {
            stop.set(true);
            try {
                thread.join(30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            try {
                if (failure != null) {
                    throw new IllegalStateException("the " + fork + " loop failed", failure);
                }
                long forks = field(jedis.info("stats"), "total_forks") - forksAtStart;
                long delayed = field(jedis.info("persistence"), "aof_delayed_fsync") - delayedAtStart;
                return new Forks(forks, maxForkUsec, polls == 0 ? 0 : (double) pollsUnderChild / polls, delayed);
            } finally {
                jedis.close();
            }
        }
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException notLinux) {
            return "?";
        }
    }

    private static String seconds(Duration time) {
        return Report.num(time.toMillis() / 1000.0);
    }

    static long field(String info, String name) {
        return info.lines().filter(l -> l.startsWith(name + ":")).findFirst()
                .map(l -> Long.parseLong(l.substring(name.length() + 1).trim())).orElse(0L);
    }

    private static String environment(RedisProcess redis, Settings settings) {
        String cpu = "unknown CPU";
        try {
            cpu = Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
                    .findFirst().map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse(cpu);
        } catch (IOException ignored) {
            // not Linux
        }
        String load = loadAverage();
        String commit = "?";
        try {
            commit = Tools.run(List.of("git", "rev-parse", "--short", "HEAD"), "git").trim()
                    + (Tools.run(List.of("git", "status", "--porcelain", "--untracked-files=no"), "git").isBlank() ? "" : " (with local changes)");
        } catch (RuntimeException ignored) {
            // not in a checkout
        }
        return "- Date: " + ZonedDateTime.now().format(DateTimeFormatter.RFC_1123_DATE_TIME) + "\n"
                + "- Machine: " + Runtime.getRuntime().availableProcessors() + " cores, " + cpu + ", "
                + System.getProperty("os.name") + " " + System.getProperty("os.version") + "; load average at the start: " + load + "\n"
                + "- JDK: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version") + "\n"
                + "- Redis: " + RedisBinaries.version() + " on loopback, a server of its own (port " + redis.port() + ")\n"
                + "- Commit: " + commit + "\n"
                + "- Client and server share the machine's cores.";
    }

    private static String summary(Result r) {
        Measurement m = r.measurement();
        return String.format(Locale.ROOT, "%s: %,d decisions in %.1f s, p50 %.3f ms, p99 %.3f ms, p99.9 %.3f ms, max %.1f ms;"
                        + " over 10/50/100/200 ms: %d/%d/%d/%d; errors %d%s", r.name(), r.decisions(), m.seconds(), m.p50(),
                m.p99(), m.p999(), r.maxNanos() / 1e6, r.over()[0], r.over()[2], r.over()[4], r.over()[6], r.errors(),
                r.forks().count() == 0 ? "" : String.format(Locale.ROOT, "; %d forks, longest %.1f ms, a child %.0f%% of the time",
                        r.forks().count(), r.forks().maxForkUsec() / 1000.0, 100 * r.forks().shareUnderChild()));
    }

    private void tables(Report report) {
        Report.Table latency = report.table("scenario", "decisions", "decisions/s", "p50 ms", "p99 ms", "p99.9 ms",
                "max ms", "errors", "forks during the run", "longest fork (latest_fork_usec)", "a child running");
        for (Result r : results) {
            Measurement m = r.measurement();
            Forks f = r.forks();
            latency.row(r.name(), String.format(Locale.ROOT, "%,d", r.decisions()), Report.num(m.perSecond()),
                    Report.num(m.p50()), Report.num(m.p99()), Report.num(m.p999()), Report.num(r.maxNanos() / 1e6),
                    r.errors() == 0 ? "0" : r.errors() + " (" + r.firstError() + ")",
                    r.fork() == Fork.NONE ? "" : Long.toString(f.count()),
                    r.fork() == Fork.NONE ? "" : Report.num(f.maxForkUsec() / 1000.0) + " ms",
                    r.fork() == Fork.NONE ? "" : String.format(Locale.ROOT, "%.0f %%", 100 * f.shareUnderChild()));
        }
        latency.end();
        report.paragraph("Decisions that took longer than each candidate timeout, out of the scenario's decisions: with"
                + " that `throttled.redis.timeout` they would have fallen back to the failure mode. A count of 0 out"
                + " of N shows a rate below 1 in 100,000 (at 95 % confidence) only when N is above 300,000; the last"
                + " row gives, per candidate, whether every scenario's count is below 1 in 100,000 as measured, and"
                + " whether the 95 % upper bound of every rate is too.");
        List<String> columns = new ArrayList<>(List.of("scenario"));
        for (long ms : CANDIDATES_MS) {
            columns.add("> " + ms + " ms");
        }
        Report.Table over = report.table(columns.toArray(String[]::new));
        for (Result r : results) {
            List<Object> row = new ArrayList<>(List.of(r.name() + " (of " + String.format(Locale.ROOT, "%,d", r.decisions()) + ")"));
            for (int i = 0; i < CANDIDATES_MS.length; i++) {
                row.add(r.over()[i]);
            }
            over.row(row.toArray());
        }
        List<Object> verdict = new ArrayList<>(List.of("every scenario < 1e-5: measured / 95 % bound"));
        for (int i = 0; i < CANDIDATES_MS.length; i++) {
            verdict.add(verdict(results, i, false) + " / " + verdict(results, i, true));
        }
        over.row(verdict.toArray());
        over.end();
        String chosen = "none of the candidates";
        String chosenHealthy = "none of the candidates";
        for (int i = CANDIDATES_MS.length - 1; i >= 0; i--) {
            if (verdict(results, i, false).equals("yes")) {
                chosen = CANDIDATES_MS[i] + " ms";
            }
            if (verdict(results.stream().filter(r -> r.fork() == Fork.NONE).toList(), i, false).equals("yes")) {
                chosenHealthy = CANDIDATES_MS[i] + " ms";
            }
        }
        report.paragraph("The smallest candidate under which every scenario measured fewer than 1 decision in 100,000 past"
                + " it: " + chosen + "; for the healthy scenarios alone: " + chosenHealthy + ".");
    }

    /** "yes" when every scenario's rate past candidate i is below 1e-5 (or its 95 % upper bound, if bound). */
    static String verdict(List<Result> results, int i, boolean bound) {
        if (results.isEmpty()) {
            return "no";
        }
        for (Result r : results) {
            double count = bound ? poissonUpper95(r.over()[i]) : r.over()[i];
            if (r.decisions() == 0 || count / r.decisions() >= 1e-5) {
                return "no";
            }
        }
        return "yes";
    }

    /** The one-sided 95 % upper confidence bound of a Poisson mean, given n events seen (3.0 for none). */
    static double poissonUpper95(long n) {
        if (n > 200) {
            return n + 1.645 * Math.sqrt(n) + 1;   // the normal approximation; exp(-mean) would underflow
        }
        double lo = n;
        double hi = n + 10 + 10 * Math.sqrt(n + 1.0);
        for (int step = 0; step < 100; step++) {
            double mid = (lo + hi) / 2;
            if (poissonCdf(n, mid) > 0.05) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return hi;
    }

    private static double poissonCdf(long n, double mean) {
        double term = Math.exp(-mean);
        double sum = term;
        for (long k = 1; k <= n; k++) {
            term *= mean / k;
            sum += term;
        }
        return sum;
    }
}
