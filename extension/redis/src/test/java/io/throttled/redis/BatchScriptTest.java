package io.throttled.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.core.Algorithm;
import io.throttled.core.Refill;
import io.throttled.core.Limit;
import io.throttled.core.Policy;
import io.throttled.testing.Concurrently;
import io.throttled.testing.RandomCases;
import io.throttled.testing.redis.CountingScripting;
import io.throttled.testing.redis.RedisConnections;
import io.throttled.testing.redis.TestRedis;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * A batch script ({@code batch.lua}) decides every request exactly as its own decision script would, in order, at
 * the same instant: random batches of mixed algorithms, one to three limits, costs from 0 past the burst, several
 * requests on one key (some asking exactly what the one before asked, which go as {@link BatchScript#AGAIN}),
 * decided once as one batch call and once as single script calls on a second set of keys, give identical replies.
 * One request's error fails only that request, and a repeat of it fails alike.
 *
 * <p>Reproduce a failure with {@code -Dthrottled.seed=<seed printed in the failure>}.
 */
class BatchScriptTest {
    private static final int BATCHES = 1_500;

    @RegisterExtension
    static final RedisConnections connections = new RedisConnections();

    private final JedisScripting redis = connections.server();
    private final TestRedis server = connections.standalone();

    private ScriptsAt calls(String keyPrefix) {
        return new ScriptsAt(redis, keyPrefix);
    }

    @Test
    void aBatchDecidesEachRequestAsItsOwnScriptWould() {
        long seed = RandomCases.seed();
        Random random = new Random(seed);
        ScriptsAt solo = calls("batch-test-solo:");
        ScriptsAt batched = calls("batch-test-batched:");
        List<Policy> policies = new ArrayList<>();
        for (Algorithm algorithm : Algorithm.values()) {
            policies.add(ScriptTwinDifferentialTest.Timeline.randomPolicy(algorithm.name().toLowerCase(java.util.Locale.ROOT), algorithm, Refill.GREEDY,
                    random));
        }
        policies.add(ScriptTwinDifferentialTest.Timeline.randomPolicy("interval", Algorithm.TOKEN_BUCKET,
                Refill.INTERVAL, random));
        // A minute ahead of the server's time, and moving faster: states expire (PXAT) as of the time they are
        // written with, but none on the server's clock while the test runs. Near it, a state of a 1-ms window once
        // lived through the single calls and had expired when the batch ran, on CI.
        long now = (System.currentTimeMillis() + 60_000) * 1000;
        int sameKeyTwice = 0;
        int repeats = 0;
        int sameArguments = 0;
        for (int b = 0; b < BATCHES; b++) {
            now += random.nextInt(4) == 0 ? 0 : (long) (random.nextDouble() * 200_000);
            String at = Long.toString(now);
            int size = 2 + random.nextInt(12);
            List<ScriptCall> alone = new ArrayList<>(size);
            List<ScriptCall> together = new ArrayList<>(size);
            List<String> seen = new ArrayList<>();
            List<String> asked = new ArrayList<>();
            for (int r = 0; r < size; r++) {
                Policy policy = policies.get(random.nextInt(policies.size()));
                String key = "k" + random.nextInt(3);
                long burst = policy.limits().stream().mapToLong(Limit::burst).min().orElseThrow();
                int c = random.nextInt(20);
                long cost = c < 2 ? 0 : c < 13 ? 1 : c < 19 ? 2 + random.nextInt(4) : burst + random.nextInt(2);
                alone.add(solo.decisionCall(policy, key, cost, at));
                together.add(batched.decisionCall(policy, key, cost, at));
                sameKeyTwice += seen.contains(policy.name() + key) ? 1 : 0;
                asked.add(policy.name() + key + "/" + cost);
                repeats += r > 0 && asked.get(r - 1).equals(asked.get(r)) ? 1 : 0;
                sameArguments += r > 0 && !asked.get(r - 1).equals(asked.get(r))
                        && together.get(r - 1).script() == together.get(r).script()
                        && together.get(r - 1).args().equals(together.get(r).args()) ? 1 : 0;
                seen.add(policy.name() + key);
            }
            List<Object> expected = new ArrayList<>(size);
            alone.forEach(call -> expected.add(redis.run(call)));

            List<?> actual = BatchScript.split(redis.run(BatchScript.of(together)), size);

            assertThat(actual).as("batch %d of seed %d: %s", b, seed, together).isEqualTo(expected);
            if (b % 25 == 24) {   // not every batch: the clock must keep well ahead of the server's (see above)
                assertSameStates("batch " + b + " of seed " + seed, "batch-test-solo:", "batch-test-batched:");
            }
        }
        assertThat(sameKeyTwice).as("requests meeting an earlier one's key in their batch").isGreaterThan(BATCHES);
        // sent as the request before, again (BatchScript.AGAIN), and decided by its closures
        assertThat(repeats).as("requests asking exactly what the one before asked").isGreaterThan(BATCHES / 20);
        // sent as the request before's arguments on keys of their own (BatchScript.SAME)
        assertThat(sameArguments).as("requests asking what the one before asked, on another key")
                .isGreaterThan(BATCHES / 20);
    }

    /**
     * Requests of one policy on keys of their own (its clients) send the policy's arguments once: each request after
     * the first goes as {@link BatchScript#SAME} and its key, and is decided as it would be alone.
     */
    @Test
    void requestsOfOnePolicySendItsArgumentsOnce() {
        ScriptsAt solo = calls("batch-test-same-solo:" + System.nanoTime() + ":");
        ScriptsAt batched = calls("batch-test-same:" + System.nanoTime() + ":");
        Policy policy = Policy.builder("same").rate("3/1s,5/1m").build();
        int size = 16;
        String at = Long.toString((System.currentTimeMillis() + 60_000) * 1000);   // one clock for both, as above
        List<ScriptCall> alone = new ArrayList<>();
        List<ScriptCall> together = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            String key = "client-" + (i % 4);   // four clients, each asked four times, never twice in a row
            alone.add(solo.decisionCall(policy, key, 1, at));
            together.add(batched.decisionCall(policy, key, 1, at));
        }
        List<Object> expected = new ArrayList<>();
        alone.forEach(call -> expected.add(redis.run(call)));

        ScriptCall batch = BatchScript.of(together);

        assertThat(batch.keys()).hasSize(2 * size);
        int arguments = together.get(0).args().size() - 2;
        assertThat(batch.args()).hasSize(2 + 4 + arguments + size - 1)
                .endsWith(BatchScript.SAME, BatchScript.SAME);
        List<?> replies = BatchScript.split(redis.run(batch), size);
        assertThat(replies).isEqualTo(expected);
        assertThat(DecisionReply.parse(policy, replies.get(size - 5)).allowed()).as("a client's third call").isTrue();
        assertThat(DecisionReply.parse(policy, replies.get(size - 1)).allowed()).as("a client's fourth call").isFalse();
    }

    /**
     * A test clock an hour behind the server's: every state is written with a PXAT that has passed, Redis drops it,
     * and each request finds no state, as it would alone. A batch that kept those states would let the second
     * request on a key see the first one's take.
     */
    @Test
    void statesWrittenAlreadyExpiredAreNotSeenByTheNextRequest() {
        ScriptsAt solo = calls("batch-test-past-solo:");
        ScriptsAt batched = calls("batch-test-past-batched:");
        String anHourAgo = Long.toString((System.currentTimeMillis() - 3_600_000) * 1000);
        List<ScriptCall> alone = new ArrayList<>();
        List<ScriptCall> together = new ArrayList<>();
        for (Algorithm algorithm : Algorithm.values()) {
            Policy policy = Policy.builder("past-" + algorithm).algorithm(algorithm).rate("5/1s").build();
            for (int i = 0; i < 3; i++) {
                alone.add(solo.decisionCall(policy, "k", 1, anHourAgo));
                together.add(batched.decisionCall(policy, "k", 1, anHourAgo));
            }
        }
        List<Object> expected = new ArrayList<>();
        alone.forEach(call -> expected.add(redis.run(call)));

        List<?> actual = BatchScript.split(redis.run(BatchScript.of(together)), together.size());

        assertThat(actual).isEqualTo(expected);
        assertSameStates("an hour behind", "batch-test-past-solo:", "batch-test-past-batched:");
    }

    /**
     * Requests on one key read its state once and write it once per batch, however many there are (a batch whose
     * requests share no key runs without that bookkeeping).
     */
    @Test
    void requestsOnOneKeyReadAndWriteItOncePerBatch() {
        ScriptsAt limiter = calls("batch-test-once:" + System.nanoTime() + ":");
        int size = 40;
        for (Algorithm algorithm : List.of(Algorithm.TOKEN_BUCKET, Algorithm.GCRA, Algorithm.LEAKY_BUCKET,
                Algorithm.FIXED_WINDOW, Algorithm.SLIDING_WINDOW_COUNTER)) {
            Policy policy = Policy.builder("once-" + algorithm).algorithm(algorithm).rate("100/1s").build();
            List<ScriptCall> calls = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                calls.add(limiter.decisionCall(policy, "hot", 1, ""));
            }
            ScriptCall batch = BatchScript.of(calls);
            assertThat(batch.script().name()).startsWith("batch-keeping-states(");
            // the first request in full, each repeat as BatchScript.AGAIN alone, its key not sent again
            assertThat(batch.keys()).hasSize(1);
            assertThat(batch.args()).hasSize(2 + 4 + (calls.get(0).args().size() - 2) + size - 1)
                    .endsWith(BatchScript.AGAIN, BatchScript.AGAIN);
            assertThat(BatchScript.of(calls.subList(0, 1)).script().name()).startsWith("batch(");
            long[] before = getsAndSets();

            List<?> replies = BatchScript.split(redis.run(BatchScript.of(calls)), size);

            long[] after = getsAndSets();
            assertThat(DecisionReply.parse(policy, replies.get(size - 1)).remaining()).as(algorithm.name())
                    .isEqualTo(100 - size);
            // exactly 1 each (the sliding counter reads both its windows in one MGET instead of a GET); a little
            // room for a command another test's leftover thread may send meanwhile
            int reads = algorithm == Algorithm.SLIDING_WINDOW_COUNTER ? 2 : 0;
            assertThat(after[reads] - before[reads]).as("reads for %d requests, %s", size, algorithm).isBetween(1L, 3L);
            assertThat(after[1] - before[1]).as("SETs for %d requests, %s", size, algorithm).isBetween(1L, 3L);
        }
    }

    /** {GET calls, SET calls, MGET calls} so far, from INFO commandstats (commands a script calls count there too). */
    private long[] getsAndSets() {
        try (Jedis jedis = server.jedis()) {
            String stats = jedis.info("commandstats");
            return new long[] {calls(stats, "cmdstat_get:"), calls(stats, "cmdstat_set:"), calls(stats, "cmdstat_mget:")};
        }
    }

    private static long calls(String commandStats, String command) {
        int at = commandStats.indexOf(command);
        if (at < 0) {
            return 0;
        }
        int from = commandStats.indexOf("calls=", at) + "calls=".length();
        return Long.parseLong(commandStats.substring(from, commandStats.indexOf(',', from)));
    }

    /**
     * Every name under either prefix, as {name after the prefix, contents or type ('none': no key), expiry, 1 when
     * the expiry is PEXPIRETIME or 0 when it is PTTL (Redis 6.2)} under each, read in one script: keys do not
     * expire while a script runs, so none goes between the two readings; PTTL still moves with the clock.
     */
    private static final String DUMP = """
            local function state(key)
              local t = redis.call('TYPE', key).ok
              local value = t
              if t == 'string' then value = redis.call('GET', key)
              elseif t == 'zset' then value = table.concat(redis.call('ZRANGE', key, 0, -1, 'WITHSCORES'), ',')
              end
              local at = redis.pcall('PEXPIRETIME', key)          -- Redis 7; 6.2 has only PTTL
              if type(at) == 'table' then return {value, redis.call('PTTL', key), 0} end
              return {value, at, 1}
            end
            local names, out = {}, {{}, {}}
            for p = 1, 2 do
              for _, key in ipairs(redis.call('KEYS', ARGV[p] .. '*')) do
                names[string.sub(key, #ARGV[p] + 1)] = true
              end
            end
            for name in pairs(names) do          -- each pair read together: PTTL need not stand still
              for p = 1, 2 do
                local s = state(ARGV[p] .. name)
                out[p][#out[p] + 1] = {name, s[1], s[2], s[3]}
              end
            end
            return out""";

    /** The keys under one prefix hold what the keys under the other hold, with the same expiry. */
    private void assertSameStates(String what, String expectedPrefix, String actualPrefix) {
        try (Jedis jedis = server.jedis()) {
            List<?> both = (List<?>) jedis.eval(DUMP, List.of(), List.of(expectedPrefix, actualPrefix));
            SortedMap<String, List<?>> expected = byName(both.get(0));
            SortedMap<String, List<?>> actual = byName(both.get(1));
            assertThat(actual.keySet()).as("%s: keys", what).isEqualTo(expected.keySet());
            expected.forEach((key, state) -> {
                assertThat(actual.get(key).get(0)).as("%s: %s", what, key).isEqualTo(state.get(0));
                long slack = (Long) state.get(2) == 1 ? 0 : 5;   // PTTL: the clock moves between the two
                assertThat((Long) actual.get(key).get(1)).as("%s: expiry of %s", what, key)
                        .isBetween((Long) state.get(1) - slack, (Long) state.get(1) + slack);
            });
        }
    }

    private static SortedMap<String, List<?>> byName(Object dump) {
        SortedMap<String, List<?>> states = new TreeMap<>();
        for (Object entry : (List<?>) dump) {
            List<?> fields = (List<?>) entry;
            states.put((String) fields.get(0), List.of(fields.get(1), fields.get(2), fields.get(3)));
        }
        return states;
    }

    @Test
    void oneRequestsErrorFailsThatRequestOnly() {
        Policy policy = Policy.builder("batch-errors").algorithm(Algorithm.GCRA).rate("10/1s").build();
        ScriptsAt limiter = calls("batch-test-errors:");
        ScriptCall wrong = limiter.decisionCall(policy, "a-list", 1, "");
        try (Jedis jedis = server.jedis()) {
            jedis.del(wrong.keys().get(0));
            jedis.rpush(wrong.keys().get(0), "not a rate-limit state");
        }

        ScriptCall fine = limiter.decisionCall(policy, "fine", 1, "");
        List<?> replies = BatchScript.split(redis.run(BatchScript.of(List.of(fine, wrong, wrong, fine, fine))), 5);

        assertThat(DecisionReply.parse(policy, replies.get(0)).remaining()).isEqualTo(9);
        for (int failed : new int[] {1, 2}) {   // the second a repeat of the first, decided by its closures
            assertThat(replies.get(failed)).isInstanceOf(JedisDataException.class)
                    .extracting(e -> ((Exception) e).getMessage()).asString().contains("WRONGTYPE");
        }
        assertThat(DecisionReply.parse(policy, replies.get(3)).remaining()).isEqualTo(8);
        assertThat(DecisionReply.parse(policy, replies.get(4)).remaining()).isEqualTo(7);
    }

    /**
     * A repeat of a request that failed before its algorithm gave it closures fails as that request did, not on
     * closures it never got (a request naming no algorithm of the script stands in for such a failure).
     */
    @Test
    void aRepeatOfARequestThatFailedEarlyFailsAlike() {
        Policy policy = Policy.builder("batch-early").algorithm(Algorithm.TOKEN_BUCKET).rate("10/1s").build();
        ScriptsAt limiter = calls("batch-test-early:");
        ScriptCall call = limiter.decisionCall(policy, "k", 1, "");
        ScriptCall batch = BatchScript.of(List.of(call, call, call));
        List<String> args = new ArrayList<>(batch.args());
        args.set(2, "9");   // the first request's algorithm number: none such in this script

        List<?> replies = BatchScript.split(redis.run(new ScriptCall(batch.script(), batch.keys(), args)), 3);

        assertThat(replies).allSatisfy(reply -> assertThat(reply).isInstanceOf(JedisDataException.class));
        String first = ((Exception) replies.get(0)).getMessage();
        assertThat(first).contains("attempt to call");
        assertThat(replies).extracting(e -> ((Exception) e).getMessage()).containsOnly(first);
    }

    /** Through the coalescer: 64 threads on one key take exactly the burst, in far fewer script calls than decisions. */
    @Test
    void concurrentDecisionsShareScriptCallsAndTakeExactlyTheBurst() throws Exception {
        CountingScripting counting = new CountingScripting(redis);
        CoalescingScripting coalescing = new CoalescingScripting(counting, 128, 1);
        RedisRateLimiter limiter = TestLimiters.withoutPreload(RedisRateLimiter.builder(coalescing)
                .keyPrefix("batch-test-hot:" + System.nanoTime() + ":"));
        Policy policy = Policy.builder("hot").algorithm(Algorithm.TOKEN_BUCKET).rate("1000/1h").build();
        int threads = 64;
        int each = 50;
        int admitted = Concurrently.admitted(threads, each, Duration.ofSeconds(60), () -> limiter.acquire(policy, "one-key", 1));

        assertThat(admitted).as("admitted of 3,200 on a bucket of 1,000 that refills 1 per 3.6 s").isBetween(1_000, 1_001);
        int scriptCalls = counting.scriptCalls();
        assertThat(scriptCalls).as("script calls for %d decisions", threads * each).isLessThan(threads * each / 2);
    }
}
