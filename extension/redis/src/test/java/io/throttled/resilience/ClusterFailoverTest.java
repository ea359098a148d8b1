package io.throttled.resilience;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.throttled.testing.Slow;
import io.throttled.core.FailureMode;
import io.throttled.core.Policy;
import io.throttled.redis.RedisSettings;
import io.throttled.resilience.ResilientRateLimiter;
import io.throttled.testing.redis.RedisClusterProcess;
import io.throttled.testing.redis.RedisProcess;
import java.time.Duration;
import java.util.Map;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * Three masters with a replica each, load from four threads on one key; kill -9 of the master that owns the key's
 * slot. The cluster promotes its replica; the client, which sends no command twice (a connection that dies under a
 * command fails that call to the failure mode), must still find the new master. Measured: how long until decisions
 * are made on Redis again, and the exceptions callers saw (none).
 */
@Slow
class ClusterFailoverTest {
    /** A budget the test never exhausts, so decisions keep going to Redis. */
    private static final Policy POLICY = Policy.builder("failover").rate("1000000/30d").build();

    @Test
    void decisionsFindTheReplicaPromotedAfterTheMasterCrashes() throws Exception {
        try (RedisClusterProcess cluster = RedisClusterProcess.start(3, 1);
             ResilientRateLimiter limiter = Resilient.limiter(RedisSettings.builder().cluster(cluster.seedList())
                     .commandTimeout(Duration.ofSeconds(1)).build(), FailureMode.LOCAL, false)) {
            int slot;
            try (Jedis any = cluster.nodes().get(0).jedis()) {
                slot = (int) any.clusterKeySlot("{k}");
            }
            RedisProcess master = cluster.masters().stream().filter(m -> ClusterReshardTest.owns(m, slot)).findFirst()
                    .orElseThrow();
            RedisProcess survivor = cluster.nodes().stream().filter(n -> n != master).findFirst().orElseThrow();
            // a replica that never finished its first sync does not take over (cluster-replica-validity-factor)
            awaitReplicaSynced(cluster, master);
            LoadRecorder load = new LoadRecorder(limiter, POLICY, "k", 4, 500);
            long crashMs;
            try (load) {
                // every thread connected and deciding on the key's master before it crashes
                load.awaitOnRedis(100, Long.MIN_VALUE, Duration.ofSeconds(30));
                long crashAt = System.nanoTime();
                master.kill();
                long promotedAt = awaitNewOwner(cluster, survivor, slot, master);
                // the client may need a while after the promotion (its breaker, its slot map): wait as long as the
                // bound allows (20 s from the kill), not a fixed 2 s
                long back = load.awaitOnRedisAfter(promotedAt, crashAt + 20_000_000_000L);
                crashMs = (back - crashAt) / 1_000_000;
            }
            Map<?, Integer> origins = load.origins();
            Reliability.report("Cluster: kill -9 of the hot key's master", String.format("first decision on the promoted"
                    + " replica %d ms after the kill (:%d); %d exceptions; decisions %s", crashMs, master.port(),
                    load.failures().size(), origins));
            assertThat(load.failures()).isEmpty();
        }
    }

    private static void awaitReplicaSynced(RedisClusterProcess cluster, RedisProcess master) {
        await("a replica of :" + master.port() + " synced").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                .until(() -> cluster.nodes().stream().anyMatch(n -> {
                    try (Jedis jedis = n.jedis()) {
                        String replication = jedis.info("replication");
                        return replication.contains("master_port:" + master.port() + "\r\n")
                                && replication.contains("master_link_status:up");
                    }
                }));
    }

    /** Waits until a surviving node names another live master for the slot; returns when (nanoTime). */
    private static long awaitNewOwner(RedisClusterProcess cluster, RedisProcess survivor, int slot, RedisProcess dead) {
        try {
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100)).until(() -> {
                boolean moved = cluster.nodes().stream().filter(n -> n != dead && n.isAlive())
                        .anyMatch(n -> ClusterReshardTest.owns(n, slot));
                try (Jedis jedis = survivor.jedis()) {
                    return moved && jedis.clusterInfo().contains("cluster_state:ok");
                }
            });
            return System.nanoTime();
        } catch (ConditionTimeoutException e) {
            try (Jedis jedis = survivor.jedis()) {
                throw new AssertionError("no replica took over slot " + slot + " within 30 s:\n" + jedis.clusterNodes(), e);
            }
        }
    }
}
