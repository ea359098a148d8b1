package io.throttled.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.throttled.core.OverrideStore;
import io.throttled.testing.redis.RedisProcess;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Overrides shared through Redis: stored, replaced atomically, announced to every listening node. */
class RedisOverrideStoreTest {
    private static final List<String> PING = List.of("throttled.policy.ping.rate", "throttled.policy.ping.algorithm",
            "throttled.policy.ping.cost");


    /**
     * The listening thread never carries the creator's context class loader (in a server, the application's),
     * and closing the feed ends the subscription and the thread before it returns, so the pool can be closed
     * after it with no connection still borrowed.
     */
    @Test
    void closingTheFeedEndsItsThreadAndSubscriptionBeforeReturning() throws Exception {
        try (RedisProcess redis = RedisProcess.start();
             JedisScripting node = RedisConnections.scripting(RedisSettings.builder().url(redis.url())
                     .commandTimeout(Duration.ofSeconds(2)).build())) {
            ClassLoader application = new java.net.URLClassLoader(new java.net.URL[0]);
            ClassLoader previous = Thread.currentThread().getContextClassLoader();
            AtomicInteger rereads = new AtomicInteger();
            AutoCloseable feed;
            Thread.currentThread().setContextClassLoader(application);
            try {
                feed = store(redis, node).listen(notice -> { }, rereads::incrementAndGet);
            } finally {
                Thread.currentThread().setContextClassLoader(previous);
            }
            awaitSubscribed(rereads);
            Thread listener = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().equals("throttled-change-feed")).findFirst().orElseThrow();
            assertThat(listener.getContextClassLoader()).isNull();
            assertThat(listener.isDaemon()).isTrue();

            feed.close();

            assertThat(listener.isAlive()).as("joined by close()").isFalse();
            try (var jedis = redis.jedis()) {
                assertThat(jedis.pubsubNumSub("throttled:events")).containsEntry("throttled:events", 0L);
            }
        }
    }

    private static RedisOverrideStore store(RedisProcess redis, JedisScripting scripting) {
        return new RedisOverrideStore(scripting.client(), scripting, "throttled:");
    }

    @Test
    void aChangeOnOneNodeReachesTheOthersAtOnceAndSurvivesForNodesStartingLater() throws Exception {
        try (RedisProcess redis = RedisProcess.start();
             JedisScripting nodeA = RedisConnections.scripting(RedisSettings.builder().url(redis.url())
                     .commandTimeout(Duration.ofSeconds(2)).build());
             JedisScripting nodeB = RedisConnections.scripting(RedisSettings.builder().url(redis.url())
                     .commandTimeout(Duration.ofSeconds(2)).build())) {
            OverrideStore a = store(redis, nodeA);
            OverrideStore b = store(redis, nodeB);
            BlockingQueue<String> heardByB = new LinkedBlockingQueue<>();
            AtomicInteger rereads = new AtomicInteger();
            try (AutoCloseable feed = b.listen(heardByB::add, rereads::incrementAndGet)) {
                awaitSubscribed(rereads);

                a.replaceKeys(PING, Map.of("throttled.policy.ping.rate", "2/1s", "throttled.policy.ping.algorithm", "gcra"));

                // pushed to B by Redis pub/sub, within the poll's bound (B's store has no re-read timer of its own)
                assertThat(heardByB.poll(1, TimeUnit.SECONDS)).isEqualTo(OverrideStore.OVERRIDES_CHANGED);
                assertThat(b.load()).containsOnly(Map.entry("throttled.policy.ping.rate", "2/1s"),
                        Map.entry("throttled.policy.ping.algorithm", "gcra"));

                a.replaceKeys(PING, Map.of("throttled.policy.ping.cost", "3"));   // removes, then sets: replaces, does not merge
                assertThat(heardByB.poll(1, TimeUnit.SECONDS)).isEqualTo(OverrideStore.OVERRIDES_CHANGED);
                assertThat(b.load()).containsOnly(Map.entry("throttled.policy.ping.cost", "3"));

                a.announce("reset ping u:alice");
                assertThat(heardByB.poll(1, TimeUnit.SECONDS)).isEqualTo("reset ping u:alice");
                a.replaceKeys(PING, Map.of());
                assertThat(heardByB.poll(1, TimeUnit.SECONDS)).isEqualTo(OverrideStore.OVERRIDES_CHANGED);
                assertThat(b.load()).isEmpty();
            }
        }
    }

    @Test
    void aListenerThatLostRedisRereadsWhenItIsBack() throws Exception {
        try (RedisProcess redis = RedisProcess.start();
             JedisScripting node = RedisConnections.scripting(RedisSettings.builder().url(redis.url())
                     .commandTimeout(Duration.ofSeconds(2)).connectTimeout(Duration.ofMillis(200)).build())) {
            AtomicInteger rereads = new AtomicInteger();
            try (AutoCloseable feed = store(redis, node).listen(notice -> { }, rereads::incrementAndGet)) {
                awaitSubscribed(rereads);
                redis.restart();   // notices sent while it was gone are lost: the listener must re-read
                await("a re-read after Redis came back").atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(20))
                        .untilAsserted(() -> assertThat(rereads.get()).isGreaterThanOrEqualTo(2));
            }
        }
    }

    /** The feed re-reads once it is subscribed: a notice sent before then would be lost. */
    private static void awaitSubscribed(AtomicInteger rereads) {
        await("subscribed").atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(5))
                .untilAsserted(() -> assertThat(rereads.get()).as("subscribed").isPositive());
    }
}
