package io.throttled.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.throttled.core.Policy;
import io.throttled.testing.redis.RedisClusterProcess;
import io.throttled.testing.redis.RedisExtension;
import io.throttled.testing.redis.RedisProcess;
import io.throttled.testing.redis.TestRedis;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Connection;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.ClientKillParams;
import redis.clients.jedis.util.Pool;

/**
 * Connections that Redis (its {@code timeout}) or the network closed while they sat idle in the pool: without the
 * PING the next decision borrows one and fails (it is not sent again, as it may have run); with it the dead ones are
 * dropped first, and the live ones are kept from looking idle. Redis closing them is played by {@code CLIENT KILL}
 * of exactly this client's connections, so the shared servers' other clients are untouched.
 */
@ExtendWith(RedisExtension.class)
class IdlePingTest {
    private static final Policy POLICY = Policy.builder("idle-ping").rate("1000/1s").build();
    private static final Duration NOT_ON_ITS_OWN = Duration.ofHours(1);

    @Test
    void withoutThePingADecisionFindsAConnectionClosedWhileIdleAndFails(TestRedis redis) {
        try (JedisScripting scripting = RedisConnections.scripting(settings(redis.url()).idlePing(Duration.ZERO).build());
             RedisRateLimiter limiter = RedisRateLimiter.builder(scripting).build()) {
            assertThat(limiter.acquire(POLICY, "a").allowed()).isTrue();
            killIdleConnections(scripting, 4);

            scripting.pingIdleConnections();   // off: does nothing

            assertThatThrownBy(() -> limiter.acquire(POLICY, "a")).isInstanceOf(JedisException.class);
        }
    }

    @Test
    void thePingDropsConnectionsClosedWhileIdleBeforeADecisionFindsThem(TestRedis redis) {
        try (JedisScripting scripting = RedisConnections.scripting(settings(redis.url()).idlePing(NOT_ON_ITS_OWN).build());
             RedisRateLimiter limiter = RedisRateLimiter.builder(scripting).build()) {
            assertThat(limiter.acquire(POLICY, "b").allowed()).isTrue();
            Pool<Connection> pool = IdlePing.pools(scripting.client()).get(0);
            killIdleConnections(scripting, 4);
            long destroyed = pool.getDestroyedCount();

            scripting.pingIdleConnections();

            assertThat(pool.getDestroyedCount() - destroyed).as("dead connections dropped").isGreaterThanOrEqualTo(4);
            assertThat(pool.getNumIdle()).isZero();
            for (int i = 0; i < 20; i++) {
                assertThat(limiter.acquire(POLICY, "b").allowed()).isTrue();
            }
        }
    }

    @Test
    void onAClusterThePingDropsEveryNodesDeadConnections(RedisClusterProcess cluster) {
        try (JedisScripting scripting = RedisConnections.scripting(RedisSettings.builder().cluster(cluster.seedList())
                .commandTimeout(Duration.ofSeconds(5)).connectTimeout(Duration.ofSeconds(5)).idlePing(NOT_ON_ITS_OWN)
                .build());
             RedisRateLimiter limiter = RedisRateLimiter.builder(scripting).build()) {
            List<String> keys = List.of("c1", "c2", "c3", "c4", "c5", "c6");   // spread over the masters
            keys.forEach(k -> assertThat(limiter.acquire(POLICY, k).allowed()).isTrue());
            int killed = killIdleConnections(scripting, 2);
            long destroyed = destroyed(scripting);

            scripting.pingIdleConnections();

            assertThat(destroyed(scripting) - destroyed).as("dead connections dropped").isEqualTo(killed);
            keys.forEach(k -> assertThat(limiter.acquire(POLICY, k).allowed()).as(k).isTrue());
        }
    }

    @Test
    void behindSentinelThePingDropsTheMastersDeadConnections() {
        try (RedisProcess master = RedisProcess.start();
             RedisProcess sentinel = RedisProcess.sentinel(List.of("sentinel monitor mymaster 127.0.0.1 " + master.port() + " 1"));
             JedisScripting scripting = RedisConnections.scripting(RedisSettings.builder()
                     .sentinel("mymaster", "127.0.0.1:" + sentinel.port()).commandTimeout(Duration.ofSeconds(5))
                     .connectTimeout(Duration.ofSeconds(5)).idlePing(NOT_ON_ITS_OWN).build());
             RedisRateLimiter limiter = RedisRateLimiter.builder(scripting).build()) {
            assertThat(limiter.acquire(POLICY, "s").allowed()).isTrue();
            assertThat(IdlePing.pools(scripting.client())).as("pools behind Sentinel").hasSize(1);
            int killed = killIdleConnections(scripting, 2);
            long destroyed = destroyed(scripting);

            scripting.pingIdleConnections();

            assertThat(destroyed(scripting) - destroyed).as("dead connections dropped").isEqualTo(killed);
            assertThat(limiter.acquire(POLICY, "s").allowed()).isTrue();
        }
    }

    @Test
    void thePingRunsOnItsOwnThreadWhichStopsWithTheClient(TestRedis redis) throws InterruptedException {
        Set<Thread> before = pingThreads();
        JedisScripting scripting = RedisConnections.scripting(settings(redis.url()).idlePing(Duration.ofMillis(50)).build());
        Set<Thread> started = pingThreads();
        started.removeAll(before);
        assertThat(started).as("idle-ping threads this client started").hasSize(1);
        Thread ping = started.iterator().next();
        assertThat(ping.getContextClassLoader()).as("the thread's context class loader").isNull();
        try (RedisRateLimiter limiter = RedisRateLimiter.builder(scripting).build()) {
            assertThat(limiter.acquire(POLICY, "d").allowed()).isTrue();
            Pool<Connection> pool = IdlePing.pools(scripting.client()).get(0);
            killIdleConnections(scripting, 3);

            // what the ping thread does, on its own schedule: nothing here to drive it
            await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(10)).untilAsserted(() ->
                    assertThat(pool.getNumIdle()).as("idle connections left after the thread's PINGs").isZero());
            assertThat(limiter.acquire(POLICY, "d").allowed()).isTrue();
        }
        ping.join(Duration.ofSeconds(5).toMillis());   // close() waited for the executor; its thread's last steps may trail
        assertThat(ping.isAlive()).as("the idle-ping thread after close").isFalse();
    }

    @Test
    void thePingKeepsRedisTimeoutFromClosingIdleConnections() {
        try (RedisProcess server = RedisProcess.start("--timeout", "1");
             JedisScripting scripting = RedisConnections.scripting(settings(server.url()).idlePing(Duration.ofMillis(200))
                     .build());
             RedisRateLimiter limiter = RedisRateLimiter.builder(scripting).build()) {
            assertThat(limiter.acquire(POLICY, "e").allowed()).isTrue();
            List<Long> ids = new ArrayList<>(idleConnectionIds(scripting, 3).values().iterator().next());

            // Redis closes a connection idle past 1 s within about a second more, on its own clock, which no test
            // can move: so the connections must stay for 2.5 s, checked all along rather than once after a sleep
            try (Jedis admin = server.jedis()) {
                await().during(Duration.ofMillis(2_500)).atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(100))
                        .untilAsserted(() -> {
                            String clients = admin.clientList();
                            ids.forEach(id -> assertThat(clients).as("client list").contains("id=" + id + " "));
                        });
            }
            assertThat(limiter.acquire(POLICY, "e").allowed()).isTrue();
        }
    }

    private static RedisSettings.Builder settings(String url) {
        return RedisSettings.builder().url(url).commandTimeout(Duration.ofSeconds(5)).connectTimeout(Duration.ofSeconds(5));
    }

    /**
     * Puts {@code perPool} connections of this client idle in each of its pools, then closes them from the server's
     * side, as Redis' timeout would. Returns how many were closed.
     */
    private static int killIdleConnections(JedisScripting scripting, int perPool) {
        int killed = 0;
        for (Map.Entry<HostAndPort, List<Long>> node : idleConnectionIds(scripting, perPool).entrySet()) {
            try (Jedis admin = new Jedis(node.getKey())) {
                for (long id : node.getValue()) {
                    killed += (int) admin.clientKill(ClientKillParams.clientKillParams().id(Long.toString(id)));
                }
            }
        }
        assertThat(killed).as("connections closed by the server").isPositive();
        return killed;
    }

    /**
     * Borrows at once every idle connection of each pool, and more up to {@code perPool}, and gives them back: the
     * pool's idle connections, by node.
     */
    private static Map<HostAndPort, List<Long>> idleConnectionIds(JedisScripting scripting, int perPool) {
        Map<HostAndPort, List<Long>> ids = new LinkedHashMap<>();
        for (Pool<Connection> pool : IdlePing.pools(scripting.client())) {
            List<Connection> held = new ArrayList<>();
            try {
                for (int i = Math.max(perPool, pool.getNumIdle()); i > 0; i--) {
                    Connection c = pool.getResource();
                    held.add(c);
                    ids.computeIfAbsent(c.getHostAndPort(), k -> new ArrayList<>()).add(new Jedis(c).clientId());
                }
            } finally {
                held.forEach(Connection::close);
            }
            assertThat(pool.getNumIdle()).isGreaterThanOrEqualTo(perPool);
        }
        return ids;
    }

    private static long destroyed(JedisScripting scripting) {
        return IdlePing.pools(scripting.client()).stream().mapToLong(Pool::getDestroyedCount).sum();
    }

    private static Set<Thread> pingThreads() {
        Set<Thread> threads = new HashSet<>(Thread.getAllStackTraces().keySet());
        threads.removeIf(t -> !t.getName().equals("throttled-redis-idle-ping"));
        return threads;
    }
}
