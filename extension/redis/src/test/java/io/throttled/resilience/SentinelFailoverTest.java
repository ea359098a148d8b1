package io.throttled.resilience;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.throttled.testing.Slow;
import io.throttled.core.FailureMode;
import io.throttled.core.Policy;
import io.throttled.redis.JedisScripting;
import io.throttled.redis.RedisConnections;
import io.throttled.redis.RedisSettings;
import io.throttled.resilience.ResilientRateLimiter;
import io.throttled.testing.redis.RedisProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisSentinelClient;

/**
 * One master, two replicas, three Sentinels, load from four threads: a SENTINEL FAILOVER, then a kill -9
 * of the master. Measured: how long until decisions are made on the new master, the exceptions callers
 * saw (none: the failure mode decides meanwhile), and admissions beyond the limit during the switch.
 */
@Slow
class SentinelFailoverTest {
    /** A budget the test never exhausts, so decisions keep going to Redis; its state shows what Redis counted. */
    private static final Policy POLICY = Policy.builder("failover").rate("1000000/30d").build();

    @Test
    void decisionsFollowTheMasterThroughAFailoverAndACrash() throws Exception {
        List<RedisProcess> processes = new ArrayList<>();
        try {
            RedisProcess master = start(processes, RedisProcess.start());
            start(processes, RedisProcess.start("--replicaof", "127.0.0.1", Integer.toString(master.port())));
            start(processes, RedisProcess.start("--replicaof", "127.0.0.1", Integer.toString(master.port())));
            List<RedisProcess> sentinels = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                sentinels.add(start(processes, RedisProcess.sentinel(List.of(
                        "sentinel monitor mymaster 127.0.0.1 " + master.port() + " 2",
                        "sentinel down-after-milliseconds mymaster 1000",
                        "sentinel failover-timeout mymaster 5000",
                        "sentinel parallel-syncs mymaster 2"))));
            }
            awaitSentinelsReady(sentinels.get(0));
            String nodes = String.join(",", sentinels.stream().map(s -> "127.0.0.1:" + s.port()).toList());

            JedisScripting scripting = RedisConnections.scripting(RedisSettings.builder().sentinel("mymaster", nodes).build());
            RedisSentinelClient client = (RedisSentinelClient) scripting.client();
            try (ResilientRateLimiter limiter = Resilient.limiter(scripting, FailureMode.LOCAL, true, System::nanoTime)) {
                LoadRecorder load = new LoadRecorder(limiter, POLICY, "k", 4, 500);
                try (load) {
                    // every thread connected and deciding on the first master before the failover
                    load.awaitOnRedis(100, Long.MIN_VALUE, Duration.ofSeconds(30));
                    HostAndPort first = client.getCurrentMaster();

                    long failoverAt = System.nanoTime();
                    try (Jedis sentinel = sentinels.get(0).jedis()) {
                        sentinel.sendCommand(redis.clients.jedis.Protocol.Command.SENTINEL, "FAILOVER", "mymaster");
                    }
                    HostAndPort second = awaitNewMaster(client, first);
                    long switchedAt = System.nanoTime();
                    // decisions on the new master within 15 s of the FAILOVER (the client learns of it from the
                    // Sentinels' pub/sub), and a steady load there
                    long failoverMs = (load.awaitOnRedisAfter(switchedAt, failoverAt + 15_000_000_000L) - failoverAt) / 1_000_000;
                    load.awaitOnRedis(100, switchedAt, LoadRecorder.until(failoverAt + 15_000_000_000L));
                    // a real master runs for a while before it crashes: let both replicas finish syncing with it
                    awaitReplicasSynced(processes, sentinels, second);

                    RedisProcess crashed = processes.stream().filter(p -> p.port() == second.getPort()).findFirst().orElseThrow();
                    long crashAt = System.nanoTime();
                    crashed.kill();
                    HostAndPort third = awaitNewMaster(client, second);
                    long crashSwitchedAt = System.nanoTime();
                    // decisions on the third master within 20 s of the crash
                    long crashMs = (load.awaitOnRedisAfter(crashSwitchedAt, crashAt + 20_000_000_000L) - crashAt) / 1_000_000;

                    load.close();
                    Map<?, Integer> origins = load.origins();
                    // what the final master counted, against what callers were told was admitted
                    long counted = 1_000_000 - limiter.acquire(POLICY, "k", 0).remaining();
                    long beyond = load.admitted.get() - counted;
                    Reliability.report("Sentinel: SENTINEL FAILOVER then kill -9 of the master", String.format(
                            "first decision on the new master %d ms after FAILOVER (%s -> %s) and %d ms after the kill (-> %s);"
                            + " %d exceptions; decisions %s; %d admitted, %d of them counted by the final master: %d"
                            + " admissions beyond what the limit saw (decided by the local fallback while no master answered,"
                            + " or written to the crashed master and not yet replicated)",
                            failoverMs, first, second, crashMs, third, load.failures().size(), origins,
                            load.admitted.get(), counted, beyond));
                    assertThat(load.failures()).isEmpty();
                    assertThat(beyond).isNotNegative();
                }
            }
        } finally {
            processes.forEach(RedisProcess::close);
        }
    }

    private static RedisProcess start(List<RedisProcess> all, RedisProcess p) {
        all.add(p);
        return p;
    }

    private static void awaitSentinelsReady(RedisProcess sentinel) {
        await("the sentinels found the replicas and each other").atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(100)).until(() -> {
                    try (Jedis jedis = sentinel.jedis()) {
                        return jedis.sentinelReplicas("mymaster").size() == 2 && jedis.sentinelSentinels("mymaster").size() == 2;
                    }
                });
    }

    private static void awaitReplicasSynced(List<RedisProcess> processes, List<RedisProcess> sentinels, HostAndPort master) {
        await("the replicas synced with " + master).atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(50))
                .until(() -> processes.stream().filter(p -> !sentinels.contains(p) && p.port() != master.getPort())
                        .filter(p -> {
                            try (Jedis jedis = p.jedis()) {
                                String info = jedis.info("replication");
                                return info.contains("master_port:" + master.getPort())
                                        && info.contains("master_link_status:up") && info.contains("master_sync_in_progress:0");
                            } catch (redis.clients.jedis.exceptions.JedisConnectionException e) {
                                return false;   // a sentinel reconfiguring the replica kills its clients: ask again
                            }
                        }).count() == 2);
    }

    private static HostAndPort awaitNewMaster(RedisSentinelClient client, HostAndPort old) {
        return await("a new master after " + old).atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(20))
                .until(client::getCurrentMaster, now -> now != null && !now.equals(old));
    }
}
