package io.throttled.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.Algorithm;
import io.throttled.Refill;
import io.throttled.core.Limit;
import io.throttled.core.Policy;
import io.throttled.testing.Concurrently;
import io.throttled.testing.RedisExtension;
import io.throttled.testing.TestRedis;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * A batch script ({@code batch.lua}) decides every request exactly as its own decision script would, in order, at
 * the same instant: random batches of mixed algorithms, one to three limits, costs from 0 past the burst, several
 * requests on one key, decided once as one batch call and once as single script calls on a second set of keys,
 * give identical replies. One request's error fails only that request.
 *
 * <p>Reproduce a failure with {@code -Dthrottled.seed=<seed printed in the failure>}.
 */
@ExtendWith(RedisExtension.class)
class BatchScriptTest {
    private static final int BATCHES = 1_500;
    private static JedisScripting redis;
    private static TestRedis server;

    @BeforeAll
    static void connect(TestRedis testRedis) {
        server = testRedis;
        redis = testRedis.scripting();
    }

    @AfterAll
    static void disconnect() {
        redis.close();
    }

    @Test
    void aBatchDecidesEachRequestAsItsOwnScriptWould() {
        long seed = Long.getLong("throttled.seed", System.nanoTime());
        Random random = new Random(seed);
        RedisRateLimiter solo = RedisRateLimiter.builder(redis).keyPrefix("batch-test-solo:").preloadScripts(false).build();
        RedisRateLimiter batched = RedisRateLimiter.builder(redis).keyPrefix("batch-test-batched:").preloadScripts(false)
                .build();
        List<Policy> policies = new ArrayList<>();
        for (Algorithm algorithm : Algorithm.values()) {
            policies.add(ScriptTwinDifferentialTest.Timeline.randomPolicy(algorithm.name().toLowerCase(java.util.Locale.ROOT), algorithm, Refill.GREEDY,
                    random));
        }
        policies.add(ScriptTwinDifferentialTest.Timeline.randomPolicy("interval", Algorithm.TOKEN_BUCKET,
                Refill.INTERVAL, random));
        // near the server's time: states expire (PXAT) as of the time they are written with
        long now = System.currentTimeMillis() * 1000;
        int sameKeyTwice = 0;
        for (int b = 0; b < BATCHES; b++) {
            now += random.nextInt(4) == 0 ? 0 : (long) (random.nextDouble() * 200_000);
            String at = Long.toString(now);
            int size = 2 + random.nextInt(12);
            List<ScriptCall> alone = new ArrayList<>(size);
            List<ScriptCall> together = new ArrayList<>(size);
            List<String> seen = new ArrayList<>();
            for (int r = 0; r < size; r++) {
                Policy policy = policies.get(random.nextInt(policies.size()));
                String key = "k" + random.nextInt(3);
                long burst = policy.limits().stream().mapToLong(Limit::burst).min().orElseThrow();
                int c = random.nextInt(20);
                long cost = c < 2 ? 0 : c < 13 ? 1 : c < 19 ? 2 + random.nextInt(4) : burst + random.nextInt(2);
                alone.add(solo.decisionCall(policy, key, cost, at));
                together.add(batched.decisionCall(policy, key, cost, at));
                sameKeyTwice += seen.contains(policy.name() + key) ? 1 : 0;
                seen.add(policy.name() + key);
            }
            List<Object> expected = new ArrayList<>(size);
            alone.forEach(call -> expected.add(redis.run(call)));

            List<?> actual = BatchScript.split(redis.run(BatchScript.of(together)), size);

            assertThat(actual).as("batch %d of seed %d: %s", b, seed, together).isEqualTo(expected);
        }
        assertThat(sameKeyTwice).as("requests meeting an earlier one's key in their batch").isGreaterThan(BATCHES);
    }

    @Test
    void oneRequestsErrorFailsThatRequestOnly() {
        Policy policy = Policy.builder("batch-errors").algorithm(Algorithm.GCRA).rate("10/1s").build();
        RedisRateLimiter limiter = RedisRateLimiter.builder(redis).keyPrefix("batch-test-errors:").preloadScripts(false)
                .build();
        ScriptCall wrong = limiter.decisionCall(policy, "a-list", 1, "");
        try (Jedis jedis = server.jedis()) {
            jedis.del(wrong.keys().get(0));
            jedis.rpush(wrong.keys().get(0), "not a rate-limit state");
        }

        List<?> replies = BatchScript.split(redis.run(BatchScript.of(List.of(limiter.decisionCall(policy, "fine", 1, ""),
                wrong, limiter.decisionCall(policy, "fine", 1, "")))), 3);

        assertThat(DecisionReply.parse(policy, replies.get(0)).remaining()).isEqualTo(9);
        assertThat(replies.get(1)).isInstanceOf(JedisDataException.class)
                .extracting(e -> ((Exception) e).getMessage()).asString().contains("WRONGTYPE");
        assertThat(DecisionReply.parse(policy, replies.get(2)).remaining()).isEqualTo(8);
    }

    /** Through the coalescer: 64 threads on one key take exactly the burst, in far fewer script calls than decisions. */
    @Test
    void concurrentDecisionsShareScriptCallsAndTakeExactlyTheBurst() throws Exception {
        CountingScripting counting = new CountingScripting(redis);
        CoalescingScripting coalescing = new CoalescingScripting(counting, 128, 1);
        RedisRateLimiter limiter = RedisRateLimiter.builder(coalescing).keyPrefix("batch-test-hot:" + System.nanoTime() + ":")
                .preloadScripts(false).build();
        Policy policy = Policy.builder("hot").algorithm(Algorithm.TOKEN_BUCKET).rate("1000/1h").build();
        int threads = 64;
        int each = 50;
        int admitted = Concurrently.admitted(threads, each, Duration.ofSeconds(60), () -> limiter.acquire(policy, "one-key", 1));

        assertThat(admitted).as("admitted of 3,200 on a bucket of 1,000 that refills 1 per 3.6 s").isBetween(1_000, 1_001);
        int scriptCalls = counting.single.get() + counting.pipedCalls.get();
        assertThat(scriptCalls).as("script calls for %d decisions", threads * each).isLessThan(threads * each / 2);
    }
}
