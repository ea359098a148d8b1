package io.throttled.testing.redis;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.awaitility.core.ConditionTimeoutException;
import redis.clients.jedis.Jedis;

/**
 * Forms a Redis Cluster with cluster commands over Jedis, for machines without {@code redis-cli}: the first
 * {@code masters} nodes take contiguous slot ranges, every node gets its own config epoch, the first node meets
 * the others, and once every node knows every other the rest replicate the masters in turn.
 */
final class ClusterByCommands {
    static final int SLOTS = 16384;

    private ClusterByCommands() {
    }

    static void form(List<RedisProcess> nodes, int masters) {
        for (int i = 0; i < masters; i++) {
            int from = i * SLOTS / masters;
            int to = (i + 1) * SLOTS / masters;
            try (Jedis master = nodes.get(i).jedis()) {
                // ADDSLOTS, not ADDSLOTSRANGE: that one came with Redis 7.0
                master.clusterAddSlots(IntStream.range(from, to).toArray());
            }
        }
        for (int i = 0; i < nodes.size(); i++) {
            try (Jedis node = nodes.get(i).jedis()) {
                node.clusterSetConfigEpoch(i + 1);   // distinct epochs: no collision to settle first
            }
        }
        try (Jedis first = nodes.get(0).jedis()) {
            nodes.subList(1, nodes.size()).forEach(n -> first.clusterMeet("127.0.0.1", n.port()));
        }
        awaitEveryNodeKnown(nodes, Duration.ofSeconds(30));
        for (int i = masters; i < nodes.size(); i++) {
            String masterId;
            try (Jedis master = nodes.get((i - masters) % masters).jedis()) {
                masterId = master.clusterMyId();
            }
            try (Jedis replica = nodes.get(i).jedis()) {
                replica.clusterReplicate(masterId);
            }
        }
    }

    /** A replica can only follow a master it has met: wait until the gossip has reached every node. */
    private static void awaitEveryNodeKnown(List<RedisProcess> nodes, Duration timeout) {
        String[] last = {""};
        try {
            await().atMost(timeout).pollInterval(Duration.ofMillis(20)).until(() -> {
                boolean all = true;
                for (RedisProcess node : nodes) {
                    try (Jedis jedis = node.jedis()) {
                        last[0] = jedis.clusterNodes();
                        all &= last[0].lines().filter(l -> !l.contains("handshake") && !l.contains("noaddr")).count()
                                == nodes.size();
                    }
                }
                return all;
            });
        } catch (ConditionTimeoutException e) {
            throw new IllegalStateException("the nodes did not all meet within " + timeout + ":\n" + last[0], e);
        }
    }
}
