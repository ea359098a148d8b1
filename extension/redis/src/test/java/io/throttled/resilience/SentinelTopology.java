package io.throttled.resilience;

import static org.awaitility.Awaitility.await;

import io.throttled.testing.redis.RedisProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import redis.clients.jedis.Jedis;

/** A master, one replica and three Sentinels watching them, for {@link Faults.SentinelFailover}. */
final class SentinelTopology implements AutoCloseable {
    static final String NAME = "mymaster";

    private final List<RedisProcess> data = new ArrayList<>();
    private final List<RedisProcess> sentinels = new ArrayList<>();

    SentinelTopology() {
        try {
            RedisProcess master = RedisProcess.start();
            data.add(master);
            data.add(RedisProcess.start("--replicaof", "127.0.0.1", Integer.toString(master.port())));
            for (int i = 0; i < 3; i++) {
                sentinels.add(RedisProcess.sentinel(List.of(
                        "sentinel monitor " + NAME + " 127.0.0.1 " + master.port() + " 2",
                        "sentinel down-after-milliseconds " + NAME + " 1000",
                        "sentinel failover-timeout " + NAME + " 5000")));
            }
            await("the sentinels found the replica and each other").atMost(Duration.ofSeconds(30))
                    .pollInterval(Duration.ofMillis(100)).until(() -> sentinels.stream().allMatch(s -> {
                        try (Jedis jedis = s.jedis()) {
                            return jedis.sentinelReplicas(NAME).size() == 1 && jedis.sentinelSentinels(NAME).size() == 2;
                        }
                    }));
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** {@return the Sentinels' node list, as the settings take it} */
    String nodes() {
        return sentinels.stream().map(s -> "127.0.0.1:" + s.port()).collect(Collectors.joining(","));
    }

    List<RedisProcess> sentinels() {
        return sentinels;
    }

    /** {@return the master as the first Sentinel names it} */
    RedisProcess master() {
        try (Jedis sentinel = sentinels.get(0).jedis()) {
            int port = Integer.parseInt(sentinel.sentinelGetMasterAddrByName(NAME).get(1));
            return data.stream().filter(p -> p.port() == port).findFirst().orElseThrow();
        }
    }

    RedisProcess replicaOf(RedisProcess master) {
        return data.stream().filter(p -> p != master).findFirst().orElseThrow();
    }

    /** Waits until the replica is linked to the master and synced, as a failover needs it. */
    void awaitSynced() {
        RedisProcess master = master();
        RedisProcess replica = replicaOf(master);
        await("the replica synced with :" + master.port()).atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50))
                .until(() -> {
                    try (Jedis r = replica.jedis(); Jedis s = sentinels.get(0).jedis()) {
                        String info = r.info("replication");
                        return info.contains("master_port:" + master.port()) && info.contains("master_link_status:up")
                                && info.contains("master_sync_in_progress:0")
                                && s.sentinelReplicas(NAME).stream().anyMatch(m -> String.valueOf(replica.port()).equals(m.get("port"))
                                        && !m.get("flags").contains("down"));
                    } catch (redis.clients.jedis.exceptions.JedisConnectionException e) {
                        return false;
                    }
                });
    }

    @Override
    public void close() {
        sentinels.forEach(RedisProcess::close);
        data.forEach(RedisProcess::close);
    }
}
