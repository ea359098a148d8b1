package io.throttled.lease;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.core.Decision;
import io.throttled.core.Policy;
import io.throttled.redis.RedisRateLimiter;
import io.throttled.testing.ManualClock;
import io.throttled.testing.redis.RedisExtension;
import io.throttled.testing.redis.RedisOfItsOwn;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Leases on a real Redis, on explicit clocks (the script's and the node's move together, by hand): when a key
 * leases, what a lease admits without Redis, what a give-back returns, and the cap that keeps the bound.
 */
@ExtendWith(RedisExtension.class)
class LeaseTest {
    @RegisterExtension
    static final RedisOfItsOwn server = new RedisOfItsOwn();

    private static CountingScripts scripts;
    private static ManualClock scriptClock;
    private static final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private static RedisRateLimiter redis;

    @BeforeAll
    static void connect() {
        scripts = new CountingScripts(server.scripting());
        scriptClock = ManualClock.aheadOfRealTime();
        redis = RedisRateLimiter.builder(scripts).clock(scriptClock).build();
    }

    private static void advanceMillis(long millis) {
        scriptClock.advanceMillis(millis);
        nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(millis));
    }

    private static LeasingRateLimiter leasing() {
        return new LeasingRateLimiter(redis, redis, nanos::get, 0, 1000);
    }

    private static Policy policy(String algorithm) {
        return Policy.builder("hot-" + algorithm).algorithm(algorithm).rate("1000/1s").burst(100).key("global")
                .lease("auto").leaseLifetime("100ms").build();
    }

    @Test
    void aColdKeyNeverLeases() {
        Policy policy = policy("token-bucket");
        LeasingRateLimiter limiter = leasing();
        long before = scripts.leaseCalls.get();
        // 3 calls per lifetime (100 ms), for 5 s: below the 4 a lease needs
        for (int i = 0; i < 150; i++) {
            Decision d = limiter.acquire(policy, "cold");
            assertThat(d.allowed()).isTrue();
            assertThat(d.origin()).isEqualTo(Decision.Origin.STORE);
            advanceMillis(34);
        }
        assertThat(scripts.leaseCalls.get()).isEqualTo(before);
        assertThat(limiter.exchanges()).isZero();
        assertThat(limiter.leasedTokens(policy.name(), "cold")).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"token-bucket", "gcra", "leaky-bucket"})
    void aHotKeyLeasesAndAdmitsWithoutRedisThenGivesBackWhatItDidNotUse(String algorithm) {
        Policy policy = Policy.builder("hot-" + algorithm).algorithm(algorithm).rate("50/1s").burst(100).key("global")
                .lease("auto").leaseLifetime("100ms").build();
        LeasingRateLimiter limiter = leasing();
        for (int i = 0; i < 3; i++) {
            assertThat(limiter.acquire(policy, "hot").origin()).isEqualTo(Decision.Origin.STORE);
        }
        long calls = scripts.all();
        Decision leased = limiter.acquire(policy, "hot");   // the 4th call in one lifetime: hot
        assertThat(leased.allowed()).isTrue();
        assertThat(leased.origin()).isEqualTo(Decision.Origin.LEASE);
        assertThat(scripts.all()).isEqualTo(calls + 1);
        long left = limiter.leasedTokens(policy.name(), "hot");
        assertThat(left).isEqualTo(3);   // want = 4 calls seen this period, one taken by the call itself
        for (int i = 0; i < 3; i++) {
            Decision d = limiter.acquire(policy, "hot");
            assertThat(d.origin()).isEqualTo(Decision.Origin.LEASE);
            assertThat(d.remaining()).isLessThanOrEqualTo(100);
        }
        assertThat(scripts.all()).isEqualTo(calls + 1);   // admitted here, no Redis call

        // the lease is used up: the next call gives it back (nothing left) and takes a bigger one, in one call
        Decision again = limiter.acquire(policy, "hot");
        assertThat(again.origin()).isEqualTo(Decision.Origin.LEASE);
        assertThat(scripts.all()).isEqualTo(calls + 2);
        long second = limiter.leasedTokens(policy.name(), "hot");
        assertThat(second).isEqualTo(7);   // 8 calls seen this period

        // quiet: the lease's time is up (80 % of 100 ms here); the give-back returns its 7 unused tokens
        long peekBefore = redis.acquire(policy, "hot", 0).remaining();
        assertThat(peekBefore).isEqualTo(100 - 3 - 4 - 8);
        advanceMillis(80);   // 4 tokens refilled at 50/s
        assertThat(limiter.giveBackExpired()).isEqualTo(1);
        long peekAfter = redis.acquire(policy, "hot", 0).remaining();
        assertThat(peekAfter).isEqualTo(peekBefore + 4 + 7);
        assertThat(limiter.leasedTokens(policy.name(), "hot")).isZero();
    }

    /**
     * The cap that keeps the bound: a give-back never raises the bucket above its burst minus the tokens still
     * out on other leases. Without it, tokens given back after the bucket refilled would be leased again on top of
     * what is out, and a burst could pass twice.
     */
    @ParameterizedTest
    @ValueSource(strings = {"token-bucket", "gcra", "leaky-bucket"})
    void aGiveBackNeverRaisesTheBucketAboveBurstMinusTheTokensOut(String algorithm) {
        Policy policy = Policy.builder("cap-" + algorithm).algorithm(algorithm).rate("10/1s").burst(10).key("global")
                .lease("auto").leaseLifetime("10s").build();
        LeaseGrant a = redis.exchange(policy, "k", 10, 10, "", 0, "a");
        assertThat(a.tokens()).isEqualTo(10);
        assertThat(a.remaining()).isZero();
        advanceMillis(1000);   // refilled to 10 while a's 10 are out
        LeaseGrant b = redis.exchange(policy, "k", 10, 10, "", 0, "b");
        assertThat(b.tokens()).isEqualTo(10);

        // a gives back all 10, but b's 10 are out: the bucket stays at 10 - 10 = 0
        LeaseGrant backA = redis.exchange(policy, "k", 0, 1, "a", 10, "");
        assertThat(backA.givenBack()).isZero();
        assertThat(redis.acquire(policy, "k", 0).remaining()).isZero();

        // b gives back 4 of its 10: nothing else is out, so they return
        LeaseGrant backB = redis.exchange(policy, "k", 0, 1, "b", 4, "");
        assertThat(backB.givenBack()).isEqualTo(4);
        assertThat(redis.acquire(policy, "k", 0).remaining()).isEqualTo(4);

        // a lease the store no longer counts (its time is up, or given back already) returns nothing
        LeaseGrant twice = redis.exchange(policy, "k", 0, 1, "b", 4, "");
        assertThat(twice.givenBack()).isZero();
        assertThat(redis.acquire(policy, "k", 0).remaining()).isEqualTo(4);
    }

    /** Lifecycle rule: the give-back thread starts with the first lease, holds no class loader, stops on close. */
    @Test
    void theGiveBackThreadStartsWithTheFirstLeaseCarriesNoClassLoaderAndStopsOnClose() throws Exception {
        Policy policy = policy("gcra");
        LeasingRateLimiter limiter = new LeasingRateLimiter(redis, redis, nanos::get, 5, 1000);
        assertThat(limiter.timerRunning()).isFalse();
        for (int i = 0; i < 4; i++) {
            limiter.acquire(policy, "timer");
        }
        assertThat(limiter.timerRunning()).isTrue();
        Thread thread = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("throttled-lease-giveback")).findFirst().orElseThrow();
        assertThat(thread.getContextClassLoader()).isNull();
        assertThat(thread.isDaemon()).isTrue();
        long left = limiter.leasedTokens(policy.name(), "timer");
        long before = redis.acquire(policy, "timer", 0).remaining();

        limiter.close();   // stops the thread, gives back what is out

        thread.join(5000);
        assertThat(thread.isAlive()).isFalse();
        assertThat(limiter.timerRunning()).isFalse();
        assertThat(redis.acquire(policy, "timer", 0).remaining()).isEqualTo(before + left);
    }

    @Test
    void fewerTokensThanHalfTheLeaseDenyAndTheDenialIsRepeatedHereUntilItsRetryAfter() {
        Policy policy = Policy.builder("scarce").rate("100/1s").burst(20).key("global").lease("auto")
                .leaseLifetime("100ms").build();
        LeasingRateLimiter limiter = leasing();
        int admitted = 0;
        int denied = 0;
        long calls = scripts.all();
        for (int i = 0; i < 200; i++) {   // 200 calls at once: the burst passes, the rest are denied, few by Redis
            Decision d = limiter.acquire(policy, "k");
            if (d.allowed()) {
                admitted++;
            } else {
                denied++;
                assertThat(d.retryAfterMillis()).isPositive();
            }
        }
        // 3 single calls, then leases of 4 and 8; the 16 wanted next need at least 8 free, and 5 are: denied, with
        // the wait for 3 more (30 ms at 100/s); the 5 stay in the bucket
        assertThat(admitted).isEqualTo(15);
        assertThat(denied).isEqualTo(185);
        assertThat(scripts.all() - calls).isEqualTo(6);   // 3 single calls, 2 leases, 1 lease denied
        assertThat(redis.acquire(policy, "k", 0).remaining()).isEqualTo(5);

        // 50 ms on, 10 are free; the key's demand (201 calls this period) wants a full burst of 20, at least 10
        advanceMillis(50);
        Decision next = limiter.acquire(policy, "k");
        assertThat(next.allowed()).isTrue();
        assertThat(next.origin()).isEqualTo(Decision.Origin.LEASE);
        assertThat(limiter.leasedTokens(policy.name(), "k")).isEqualTo(9);   // 10 taken, one by this call
    }
}
