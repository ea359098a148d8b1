package io.throttled.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Batching mechanics, against a fake Redis that answers with the call's own key after a delay. */
class CoalescingScriptingTest {
    private static final LuaScript SCRIPT = LuaScript.clocked("bucket.lua");

    /** Records how calls arrive: alone or in pipelines. */
    static final class FakeRedis implements RedisScripting {
        final List<Integer> batches = Collections.synchronizedList(new ArrayList<>());
        final long delayMillis;

        FakeRedis(long delayMillis) {
            this.delayMillis = delayMillis;
        }

        @Override
        public Object run(ScriptCall call) {
            batches.add(1);
            pause();
            if (call.keys().get(0).equals("boom")) {
                throw new IllegalStateException("boom");
            }
            return call.keys().get(0);
        }

        @Override
        public List<Object> runAll(List<ScriptCall> calls) {
            batches.add(calls.size());
            pause();
            List<Object> replies = new ArrayList<>();
            calls.forEach(c -> replies.add(c.keys().get(0).equals("bad") ? new IllegalStateException("bad") : c.keys().get(0)));
            return replies;
        }

        /** A slow Redis round trip, the thing the batching is tested against: not a wait for anything. */
        private void pause() {
            try {
                Thread.sleep(delayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void load(Collection<LuaScript> scripts) {
        }

        @Override
        public void close() {
        }
    }

    private static ScriptCall call(String key) {
        return new ScriptCall(SCRIPT, List.of(key), List.of());
    }

    @Test
    void aLoneCallGoesOutAloneAtOnce() {
        FakeRedis redis = new FakeRedis(0);
        CoalescingScripting coalescing = new CoalescingScripting(redis, 128, 2);

        for (int i = 0; i < 5; i++) {
            assertThat(coalescing.run(call("k" + i))).isEqualTo("k" + i);
        }

        assertThat(redis.batches).containsExactly(1, 1, 1, 1, 1);
    }

    @Test
    void callsArrivingWhileABatchIsInFlightGoTogetherAndEachGetsItsOwnReply() throws Exception {
        FakeRedis redis = new FakeRedis(20);
        CoalescingScripting coalescing = new CoalescingScripting(redis, 128, 1);
        ExecutorService pool = Executors.newFixedThreadPool(32);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Object>> replies = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            String key = "k" + i;
            replies.add(pool.submit(() -> {
                start.await();
                return coalescing.run(call(key));
            }));
        }
        start.countDown();
        for (int i = 0; i < 200; i++) {
            assertThat(replies.get(i).get(10, TimeUnit.SECONDS)).isEqualTo("k" + i);
        }
        pool.shutdown();

        assertThat(redis.batches.stream().mapToInt(Integer::intValue).sum()).isEqualTo(200);
        assertThat(redis.batches.size()).as("round trips for 200 calls from 32 threads").isLessThan(40);
        assertThat(redis.batches).allMatch(size -> size <= 128);
    }

    @Test
    void everyCallerOfABatchIsWokenWithoutWaitingForTheSafetyBound() throws Exception {
        // The bound on one wait is an hour here: a caller whose wake-up was lost would hang the test.
        FakeRedis redis = new FakeRedis(1);
        CoalescingScripting coalescing = new CoalescingScripting(redis, 16, 2, TimeUnit.HOURS.toNanos(1), true);
        int threads = 48;
        int callsEach = 100;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<?>> callers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            callers.add(pool.submit(() -> {
                for (int i = 0; i < callsEach; i++) {
                    String key = thread + ":" + i;
                    assertThat(coalescing.run(call(key))).isEqualTo(key);
                }
                return null;
            }));
        }
        for (Future<?> caller : callers) {
            caller.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();

        assertThat(redis.batches.stream().mapToInt(Integer::intValue).sum()).isEqualTo(threads * callsEach);
        assertThat(redis.batches).as("batches of several callers").anyMatch(size -> size > 3);
    }

    @Test
    void aFailureReachesOnlyTheCallsItConcerns() {
        FakeRedis redis = new FakeRedis(0);
        CoalescingScripting coalescing = new CoalescingScripting(redis, 128, 1);

        assertThatThrownBy(() -> coalescing.run(call("boom"))).hasMessage("boom");
        assertThat(coalescing.run(call("fine"))).isEqualTo("fine");
    }
}
