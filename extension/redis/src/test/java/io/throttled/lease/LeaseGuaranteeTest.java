package io.throttled.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.throttled.testing.Slow;
import io.throttled.core.Decision;
import io.throttled.core.FailureMode;
import io.throttled.core.Policy;
import io.throttled.memory.InMemoryRateLimiter;
import io.throttled.resilience.CircuitBreaker;
import io.throttled.redis.JedisScripting;
import io.throttled.resilience.OverLimitCache;
import io.throttled.redis.RedisConnections;
import io.throttled.redis.RedisOverrideStore;
import io.throttled.redis.RedisRateLimiter;
import io.throttled.redis.RedisSettings;
import io.throttled.resilience.ResilientRateLimiter;
import io.throttled.testing.ManualClock;
import io.throttled.testing.redis.RedisExtension;
import io.throttled.core.OverrideStore;
import io.throttled.testing.redis.RedisOfItsOwn;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The lease guarantee with four limiters in one JVM on one Redis, each the production stack (a
 * {@link ResilientRateLimiter} over its own connection, with its own leases), each hammering one hot key:
 * over any interval of length T, admitted <= burst + rate x (T + lease lifetime), and in the long run the
 * policy's rate, not four times it; at most 0.05 Redis calls per decision on the key. And revocation: a reset
 * or a policy change, announced by the override store's notice, drops every node's leases at once.
 */
@ExtendWith(RedisExtension.class)
@Slow
class LeaseGuaranteeTest {
    private static final int NODES = 4;
    private static final long RATE = 1000;        // per second
    private static final long BURST = 100;
    private static final long LIFETIME_MS = 100;
    private static final long RUN_MS = 3000;
    private static final int MAX_DECISIONS_PER_NODE = 20_000_000;
    private static final int MAX_ADMITTED_PER_NODE = 20_000;

    @RegisterExtension
    static final RedisOfItsOwn server = new RedisOfItsOwn();

    private final List<JedisScripting> connections = new ArrayList<>();
    private final List<CountingScripts> counters = new ArrayList<>();

    @AfterEach
    void closeConnections() {
        connections.forEach(JedisScripting::close);
        connections.clear();
        counters.clear();
    }

    /** One node: its own connection (counted), its own Redis limiter, leases and resilience. */
    private ResilientRateLimiter node(ManualClock scriptClock, LongSupplier nanoTime, long tickMillis) {
        JedisScripting connection = RedisConnections.scripting(RedisSettings.builder().url(server.url())
                .commandTimeout(Duration.ofSeconds(5)).build());
        connections.add(connection);
        CountingScripts counted = new CountingScripts(connection);
        counters.add(counted);
        RedisRateLimiter.Builder builder = RedisRateLimiter.builder(counted);
        if (scriptClock != null) {
            builder.clock(scriptClock);
        }
        RedisRateLimiter redis = builder.build();
        LeasingRateLimiter leasing = new LeasingRateLimiter(redis, redis, nanoTime, tickMillis, 1000);
        return new ResilientRateLimiter(redis, FailureMode.LOCAL, InMemoryRateLimiter.create(),
                new CircuitBreaker(5, 1000, nanoTime), new OverLimitCache(10_000, nanoTime), nanoTime, leasing);
    }

    @ParameterizedTest
    @ValueSource(strings = {"token-bucket", "gcra", "leaky-bucket"})
    void fourNodesHammeringOneHotKeyStayWithinBurstPlusRateTimesTPlusTheLifetime(String algorithm) throws Exception {
        Policy policy = Policy.builder("hot").algorithm(algorithm).rate(RATE + "/1s").burst(BURST).key("global")
                .lease("auto").leaseLifetime(LIFETIME_MS + "ms").build();
        List<ResilientRateLimiter> nodes = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            nodes.add(node(null, System::nanoTime, 5));
        }
        long[][] sentAt = new long[NODES][MAX_ADMITTED_PER_NODE];   // the admission happened between the two
        long[][] admittedAt = new long[NODES][MAX_ADMITTED_PER_NODE];
        int[] admitted = new int[NODES];
        long[] decisions = new long[NODES];
        long[] fromLease = new long[NODES];
        long start = System.nanoTime();
        long deadline = start + TimeUnit.MILLISECONDS.toNanos(RUN_MS);
        List<Thread> threads = new ArrayList<>();
        for (int n = 0; n < NODES; n++) {
            int node = n;
            Thread t = new Thread(() -> {
                ResilientRateLimiter limiter = nodes.get(node);
                while (decisions[node] < MAX_DECISIONS_PER_NODE) {
                    long now = System.nanoTime();
                    if (now >= deadline) {
                        break;
                    }
                    Decision d = limiter.acquire(policy, "");
                    decisions[node]++;
                    if (d.allowed()) {
                        sentAt[node][admitted[node]] = now;
                        admittedAt[node][admitted[node]++] = System.nanoTime();
                        if (d.origin() == Decision.Origin.LEASE) {
                            fromLease[node]++;
                        }
                        if (admitted[node] == MAX_ADMITTED_PER_NODE) {
                            break;   // far beyond the bound: the assertions below fail
                        }
                    }
                }
            }, "hammer-" + n);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join(TimeUnit.MILLISECONDS.toMillis(RUN_MS + 30_000));
        }
        long end = System.nanoTime();
        nodes.forEach(ResilientRateLimiter::closeLeases);   // gives back what is out; stops the timers

        long[] all = new long[Arrays.stream(admitted).sum()];
        long[] sent = new long[all.length];
        int k = 0;
        for (int n = 0; n < NODES; n++) {
            System.arraycopy(admittedAt[n], 0, all, k, admitted[n]);
            System.arraycopy(sentAt[n], 0, sent, k, admitted[n]);
            k += admitted[n];
        }
        Arrays.sort(all);
        Arrays.sort(sent);
        long second = TimeUnit.SECONDS.toNanos(1);
        int maxWindow = overlappingAtMost(sent, all, second);
        StringBuilder perSecond = new StringBuilder();
        for (long from = start; from < end; from += second) {
            long f = from;
            perSecond.append(' ').append(Arrays.stream(all).filter(t -> t >= f && t < f + second).count());
        }
        long totalDecisions = Arrays.stream(decisions).sum();
        long redisCalls = counters.stream().mapToLong(CountingScripts::all).sum();
        long leaseCalls = counters.stream().mapToLong(c -> c.leaseCalls.get()).sum();
        double seconds = (end - start) / 1e9;
        long windowBound = BURST + RATE * (1000 + LIFETIME_MS) / 1000;
        double totalBound = BURST + RATE * (seconds + LIFETIME_MS / 1000.0);
        System.out.printf("lease guarantee, %s, %d nodes, %d/1s burst %d, lifetime %d ms, %.2f s:%n", algorithm, NODES,
                RATE, BURST, LIFETIME_MS, seconds);
        System.out.printf("  admitted per node %s (from leases %s), total %d, bound %.0f, policy rate x time %.0f%n",
                Arrays.toString(admitted), Arrays.toString(fromLease), all.length, totalBound, RATE * seconds);
        System.out.printf("  per whole second from the start:%s; max in any sliding 1 s window (every call that overlapped it) %d, bound %d%n",
                perSecond, maxWindow, windowBound);
        System.out.printf("  decisions %d, Redis script calls %d (lease %d): %.5f per decision, %.3f per admitted%n",
                totalDecisions, redisCalls, leaseCalls, (double) redisCalls / totalDecisions,
                (double) redisCalls / Math.max(1, all.length));

        assertThat(maxWindow).isLessThanOrEqualTo((int) windowBound);
        assertThat((double) all.length).isLessThanOrEqualTo(totalBound);
        assertThat((double) all.length).isGreaterThanOrEqualTo(0.9 * RATE * seconds);   // the rate, in the long run
        assertThat(Arrays.stream(fromLease).sum()).isPositive();
        assertThat((double) redisCalls / totalDecisions).isLessThanOrEqualTo(0.05);
    }

    @Test
    void aWindowCountsEveryCallThatOverlappedIt() {
        long ms = 1_000_000;
        // calls [0, 900], [950, 2000], [1500, 1600] ms: the window from 900 ms overlaps all three, though only
        // two of them returned inside it
        long[] starts = {0, 950 * ms, 1500 * ms};
        long[] returns = {900 * ms, 1600 * ms, 2000 * ms};
        assertThat(overlappingAtMost(starts, returns, 1000 * ms)).isEqualTo(3);
        assertThat(overlappingAtMost(starts, returns, 40 * ms)).isEqualTo(2);   // [1600, 1640) overlaps the second and the third
        assertThat(overlappingAtMost(new long[0], new long[0], 1000 * ms)).isZero();
    }

    /**
     * The most admissions any window of the given length could hold: each admission happened at an unknown moment
     * between its call's start and return, so a window counts every admission whose call overlapped it. That is
     * at least the true count, so a maximum within the bound shows the bound held. The busiest window starts at
     * some call's return (moving its start later, up to the next return, loses no call that returned inside and
     * may gain calls that started after): for the window from the i-th return, every call that returned at or
     * after it, less those that started after it ended.
     */
    static int overlappingAtMost(long[] sortedStarts, long[] sortedReturns, long window) {
        int most = 0;
        for (int i = 0, started = 0; i < sortedReturns.length; i++) {
            while (started < sortedStarts.length && sortedStarts[started] < sortedReturns[i] + window) {
                started++;
            }
            most = Math.max(most, started - i);
        }
        return most;
    }

    /**
     * A hot key within its rate (the four nodes call 20,000 times a second in all, the policy allows 40,000): every
     * call is admitted, nearly all from leases, with at most 0.05 Redis calls per decision.
     */
    @Test
    void aHotKeyWithinItsRateIsAdmittedWithAtMostOneRedisCallPerTwentyDecisions() throws Exception {
        Policy policy = Policy.builder("busy").rate("40000/1s").burst(4000).key("global").lease("auto")
                .leaseLifetime("100ms").build();
        List<ResilientRateLimiter> nodes = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            nodes.add(node(null, System::nanoTime, 5));
        }
        long[] decisions = new long[NODES];
        long[] admitted = new long[NODES];
        long[] fromLease = new long[NODES];
        long tick = TimeUnit.MILLISECONDS.toNanos(50);
        int perTick = 250;   // 5,000 calls a second per node
        long start = System.nanoTime();
        List<Thread> threads = new ArrayList<>();
        for (int n = 0; n < NODES; n++) {
            int node = n;
            Thread t = new Thread(() -> {
                for (int round = 0; round < RUN_MS * 1_000_000 / tick; round++) {
                    for (int i = 0; i < perTick; i++) {
                        Decision d = nodes.get(node).acquire(policy, "");
                        decisions[node]++;
                        if (d.allowed()) {
                            admitted[node]++;
                        }
                        if (d.origin() == Decision.Origin.LEASE) {
                            fromLease[node]++;
                        }
                    }
                    // paced: the next batch at its tick (the load's rate is what is tested, not a wait for anything)
                    long next = start + (round + 1) * tick;
                    while (System.nanoTime() < next) {
                        java.util.concurrent.locks.LockSupport.parkNanos(next - System.nanoTime());
                    }
                }
            }, "paced-" + n);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join(RUN_MS + 30_000);
        }
        nodes.forEach(ResilientRateLimiter::closeLeases);
        long total = Arrays.stream(decisions).sum();
        long redisCalls = counters.stream().mapToLong(CountingScripts::all).sum();
        System.out.printf("hot key within its rate, %d nodes: decisions %d, admitted %d, from leases %d, Redis calls %d"
                + " (lease %d, give-backs included): %.4f per decision%n", NODES, total, Arrays.stream(admitted).sum(),
                Arrays.stream(fromLease).sum(), redisCalls, counters.stream().mapToLong(c -> c.leaseCalls.get()).sum(),
                (double) redisCalls / total);
        assertThat(Arrays.stream(admitted).sum()).isEqualTo(total);
        assertThat((double) redisCalls / total).isLessThanOrEqualTo(0.05);
    }

    @Test
    void aResetOrAPolicyChangeAnnouncedByOneNodeDropsTheLeasesOfEveryNode() throws Exception {
        Policy policy = Policy.builder("revoked").rate("1000/1s").burst(100).key("global").lease("auto")
                .leaseLifetime("10s").build();
        ManualClock scriptClock = ManualClock.aheadOfRealTime();
        AtomicLong nanos = new AtomicLong(1_000_000_000L);   // leases do not end by themselves meanwhile
        List<ResilientRateLimiter> nodes = new ArrayList<>();
        List<AutoCloseable> feeds = new ArrayList<>();
        List<RedisOverrideStore> stores = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            ResilientRateLimiter limiter = node(scriptClock, nanos::get, 0);
            nodes.add(limiter);
            RedisOverrideStore store = new RedisOverrideStore(connections.get(i).client(), connections.get(i), "throttled:");
            stores.add(store);
            feeds.add(store.listen(limiter::onNotice, () -> { }));
        }
        try {
            leaseOnEveryNode(policy, nodes);
            nodes.get(0).reset(policy, "");
            long sent = System.nanoTime();
            stores.get(0).announce("reset revoked ");
            awaitNoLeases(policy, nodes, sent, "reset");

            leaseOnEveryNode(policy, nodes);
            sent = System.nanoTime();
            stores.get(2).announce(OverrideStore.OVERRIDES_CHANGED);
            awaitNoLeases(policy, nodes, sent, "policy change");
        } finally {
            for (AutoCloseable feed : feeds) {
                feed.close();
            }
        }
    }

    private static void leaseOnEveryNode(Policy policy, List<ResilientRateLimiter> nodes) {
        for (ResilientRateLimiter node : nodes) {
            for (int i = 0; i < 4; i++) {
                assertThat(node.acquire(policy, "").allowed()).isTrue();
            }
            assertThat(node.leasing().leasedTokens(policy.name(), "")).isPositive();
        }
    }

    /**
     * Polls the nodes (the notice travels by Redis pub/sub, in real time), at most 5 s. Their lease clock stands
     * still, so no lease ends by itself: only the notice can empty them. How long it took is reported, not asserted.
     */
    private static void awaitNoLeases(Policy policy, List<ResilientRateLimiter> nodes, long sent, String what) {
        await("every node's leases dropped after the " + what + " notice").atMost(Duration.ofSeconds(5))
                .pollInterval(Duration.ofMillis(1))
                .untilAsserted(() -> assertThat(nodes).allMatch(n -> n.leasing().leasedTokens(policy.name(), "") == 0));
        long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sent);
        System.out.printf("leases of %d nodes dropped %d ms after the %s notice%n", nodes.size(), took, what);
    }
}
