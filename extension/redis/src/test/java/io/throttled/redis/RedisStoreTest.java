package io.throttled.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.throttled.core.Acquisition;
import io.throttled.core.Decision;
import io.throttled.core.Policy;
import io.throttled.core.RateLimiterContract;
import io.throttled.testing.redis.RedisClusterProcess;
import io.throttled.testing.redis.RedisExtension;
import io.throttled.testing.redis.RedisOfItsOwn;
import io.throttled.testing.redis.RedisProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import redis.clients.jedis.Jedis;

/**
 * The Redis store on a server of its own, on the server's clock: round trips, script cache, key expiry.
 */
@ExtendWith(RedisExtension.class)
class RedisStoreTest {
    @RegisterExtension
    static final RedisOfItsOwn server = new RedisOfItsOwn();

    private static JedisScripting redis;
    private static RedisRateLimiter limiter;

    @BeforeAll
    static void connect() {
        redis = server.scripting();
        limiter = RedisRateLimiter.builder(redis).build();
    }

    @BeforeEach
    void resetStats() {
        try (Jedis jedis = server.jedis()) {
            jedis.configResetStat();
        }
    }

    @Test
    void theRedisDocsExampleHoldsOnTheServerClock() {
        Policy policy = Policy.builder("docs").rate("1/1s;burst=10").build();
        List<RedisRateLimiter.Request> eleven = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
            eleven.add(new RedisRateLimiter.Request(policy, "u:alice", 1));
        }

        // one pipeline: the server decides all eleven within microseconds of each other, on its own clock
        List<Decision> decisions = limiter.acquireAll(eleven);

        assertThat(decisions.subList(0, 10)).allMatch(Decision::allowed);
        Decision eleventh = decisions.get(10);
        assertThat(eleventh.allowed()).isFalse();
        assertThat(eleventh.retryAfterMillis()).isBetween(995L, 1000L);

        // the real clock must pass here: poll the server's own verdict rather than sleep a guess
        awaitAllowed(policy, "u:alice", Duration.ofMillis(eleventh.retryAfterMillis() + 500));
        assertThat(limiter.acquire(policy, "u:alice").allowed()).isFalse();
    }

    @Test
    void oneScriptCallPerDecisionAndScriptsLoadedOnce() {
        Policy policy = Policy.builder("calls").rate("5/1s,100/1m").build();
        RedisRateLimiter fresh = RedisRateLimiter.builder(redis).build();   // loads every script once
        long admitted = 0;
        for (int i = 0; i < 50; i++) {
            admitted += fresh.acquire(policy, "k" + (i % 7)).allowed() ? 1 : 0;
        }

        Map<String, Long> calls = commandCalls();
        assertThat(calls).containsEntry("evalsha", 50L);
        // Redis 7 counts subcommands apart (script|load); 6.2 counts every SCRIPT call as script
        assertThat(calls.getOrDefault("script|load", calls.get("script"))).isEqualTo(AlgorithmScripts.all().size());
        assertThat(calls).containsEntry("time", 50L);   // each script ran once, on the server clock
        // inside the scripts, the fewest commands: one read per limit, one write (with its expiry) per limit taken from
        assertThat(calls).containsEntry("get", 100L).containsEntry("set", 2 * admitted);
        assertThat(calls).doesNotContainKeys("eval", "multi", "exec", "watch", "hmget", "hset", "pexpireat");
    }

    @Test
    void everyDecisionSucceedsWhenTheScriptCacheIsFlushedBetweenCalls() {
        List<Policy> policies = RateLimiterContract.oneOfEach("1000/1d");
        for (int i = 0; i < 20; i++) {
            for (Policy policy : policies) {
                try (Jedis jedis = server.jedis()) {
                    jedis.scriptFlush();
                }
                assertThat(limiter.acquire(policy, "k").remaining()).isEqualTo(999 - i);
            }
        }
        try (Jedis jedis = server.jedis()) {
            jedis.scriptFlush();
        }
        List<RedisRateLimiter.Request> batch = new ArrayList<>();
        policies.forEach(p -> batch.add(new RedisRateLimiter.Request(p, "k", 1)));
        assertThat(limiter.acquireAll(batch)).extracting(Decision::remaining).containsOnly(979L);
        policies.forEach(p -> limiter.reset(p, "k"));   // the reset script too
    }

    @Test
    void aGroupIsOneScriptCallOnOneReadingOfTheServerClock() {
        List<Acquisition> group = new ArrayList<>();
        RateLimiterContract.oneOfEach("5/1s,100/1m").forEach(p -> group.add(new Acquisition(p, "k", 1)));
        redis.load(AlgorithmScripts.all());   // as when the limiter is built: another test may have flushed them
        limiter.acquireTogether(group);   // the first use of this set of algorithms loads its group script
        try (Jedis jedis = server.jedis()) {
            jedis.configResetStat();
        }

        assertThat(limiter.acquireTogether(group)).allMatch(d -> d.allowed() && d.remaining() == 3);
        limiter.acquireTogether(List.of(new Acquisition(group.get(0).policy(), "alone", 1)));

        Map<String, Long> calls = commandCalls();
        assertThat(calls).containsEntry("evalsha", 2L).containsEntry("time", 2L);
        // a lone request takes the single-policy script, loaded ahead like the others
        assertThat(calls).doesNotContainKeys("script|load", "eval");
    }

    @Test
    void aGroupSucceedsWhenTheScriptCacheIsFlushedBetweenCalls() {
        List<Acquisition> group = new ArrayList<>();
        RateLimiterContract.oneOfEach("1000/1d").forEach(p -> group.add(new Acquisition(p, "g", 1)));
        for (int i = 0; i < 5; i++) {
            try (Jedis jedis = server.jedis()) {
                jedis.scriptFlush();
            }
            assertThat(limiter.acquireTogether(group)).extracting(Decision::remaining).containsOnly(999L - i);
        }
    }

    @ParameterizedTest
    @MethodSource("shortWindows")
    void everyKeyHasATimeToLiveAndIsGoneAfterTheResetTime(Policy policy) {
        long before;
        try (Jedis jedis = server.jedis()) {
            jedis.set("unrelated", "1");
            before = jedis.dbSize();
        }
        long resetAfter = 0;
        for (int i = 0; i < 30; i++) {
            resetAfter = Math.max(resetAfter, limiter.acquire(policy, "k" + (i % 3), 1 + i % 2).resetAfterMillis());
        }

        try (Jedis jedis = server.jedis()) {
            List<String> keys = new ArrayList<>(jedis.keys("throttled:*"));
            assertThat(keys).isNotEmpty();
            for (String key : keys) {
                // -1 is a key without expiry; 0 (under 1 ms left: a clock-aligned window about to end) and -2
                // (expired since KEYS) both show one that expires, as every key must
                assertThat(jedis.pttl(key)).as("TTL of %s", key).isNotEqualTo(-1L)
                        .isLessThanOrEqualTo(3 * policy.limits().get(0).windowMillis());
            }
            // Redis' own expiry, on its own clock: nothing here to drive it
            await("keys gone after the reset time").atMost(Duration.ofMillis(resetAfter + 2000))
                    .pollInterval(Duration.ofMillis(20))
                    .untilAsserted(() -> assertThat(jedis.dbSize()).as("keys left: %s", jedis.keys("*")).isEqualTo(before));
        }
    }

    static List<Policy> shortWindows() {
        return RateLimiterContract.oneOfEach("5/200ms,8/300ms");
    }

    @Test
    void aPeekOfAnUnknownKeyWritesNothing() {
        for (Policy policy : RateLimiterContract.oneOfEach("5/1s")) {
            assertThat(limiter.acquire(policy, "nobody", 0).remaining()).isEqualTo(5);
        }
        try (Jedis jedis = server.jedis()) {
            assertThat(jedis.dbSize()).isZero();
        }
    }

    @Test
    void aClientCannotChooseTheClusterSlotOrGrowKeys() {
        Policy policy = Policy.builder("p").rate("10/1s").build();
        limiter.acquire(policy, "}evil{x");
        limiter.acquire(policy, "y".repeat(10_000));

        try (Jedis jedis = server.jedis()) {
            assertThat(jedis.keys("*")).allSatisfy(key -> {
                assertThat(key).hasSizeLessThan(60);
                assertThat(key.chars().filter(c -> c == '{').count()).isEqualTo(1);
            });
        }
    }

    @Test
    void scriptsAreLoadedOnEveryClusterMaster(RedisClusterProcess cluster) {
        try (RedisRateLimiter onCluster = RedisRateLimiter.builder(RedisConnections.scripting(
                RedisSettings.builder().cluster(cluster.seedList()).commandTimeout(Duration.ofSeconds(5)).build()))
                .build()) {
            List<String> shas = AlgorithmScripts.all().stream().map(LuaScript::sha1).toList();
            for (RedisProcess master : cluster.masters()) {
                try (Jedis jedis = master.jedis()) {
                    assertThat(jedis.scriptExists(shas.toArray(String[]::new))).containsOnly(true);
                }
            }
            assertThat(onCluster.acquire(Policy.builder("p").rate("1/1s").build(), "k").allowed()).isTrue();
        }
    }

    private void awaitAllowed(Policy policy, String key, Duration timeout) {
        await("allowed again").atMost(timeout).pollInterval(Duration.ofMillis(10))
                .until(() -> limiter.acquire(policy, key, 0).remaining() >= 1);
        assertThat(limiter.acquire(policy, key).allowed()).isTrue();
    }

    private static Map<String, Long> commandCalls() {
        try (Jedis jedis = server.jedis()) {
            return jedis.info("commandstats").lines()
                    .filter(l -> l.startsWith("cmdstat_"))
                    .collect(Collectors.toMap(l -> l.substring(8, l.indexOf(':')),
                            l -> Long.parseLong(l.replaceAll("^[^:]*:calls=(\\d+),.*", "$1")), Long::sum, TreeMap::new));
        }
    }
}
