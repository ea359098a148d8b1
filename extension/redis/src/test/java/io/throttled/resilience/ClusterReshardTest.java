package io.throttled.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.testing.Slow;
import io.throttled.core.Decision;
import io.throttled.core.FailureMode;
import io.throttled.core.Policy;
import io.throttled.redis.RedisSettings;
import io.throttled.resilience.ResilientRateLimiter;
import io.throttled.testing.redis.RedisClusterProcess;
import io.throttled.testing.redis.RedisProcess;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.MigrateParams;

/**
 * A three-master cluster; the slot of a hot key moves to another master (IMPORTING / MIGRATING, MIGRATE,
 * SETSLOT NODE) while four threads decide for that key. Every decision is made on Redis, following MOVED
 * and ASK; none fails; the key's state moves with it, so the budget is kept exactly.
 */
@Slow
class ClusterReshardTest {
    private static final Policy POLICY = Policy.builder("hot").rate("3000/30d").build();   // no refill to speak of

    @Test
    void movingTheHotKeysSlotFailsNoDecision() throws Exception {
        try (RedisClusterProcess cluster = RedisClusterProcess.start(3, 0);
             // a 2 s command timeout: under a loaded machine the default 200 ms can time out, and that decision is then
             // the failure mode's (ClusterFailoverTest and SendOnceTest cover timeouts); this tests resharding
             ResilientRateLimiter limiter = Resilient.limiter(RedisSettings.builder().cluster(cluster.seedList())
                     .commandTimeout(Duration.ofSeconds(2)).build(), FailureMode.CLOSED, false)) {
            String key = "throttled:hot:{k}:tb30d";
            LoadRecorder load = new LoadRecorder(limiter, POLICY, "k", 4, 0);
            int slot;
            RedisProcess source;
            RedisProcess target;
            try (load) {
                // the key written, and the load under way, before its slot moves
                load.awaitOnRedis(100, Long.MIN_VALUE, Duration.ofSeconds(30));
                try (Jedis any = cluster.nodes().get(0).jedis()) {
                    slot = (int) any.clusterKeySlot(key);
                }
                List<RedisProcess> masters = cluster.masters();
                source = masters.stream().filter(m -> owns(m, slot)).findFirst().orElseThrow();
                target = masters.stream().filter(m -> m != source).findFirst().orElseThrow();
                migrate(slot, source, target, masters);
                // decisions after the move: redirected by MOVED to the target, where the key's state now is
                load.awaitOnRedis(100, System.nanoTime(), Duration.ofSeconds(30));
            }

            Map<Decision.Origin, Integer> origins = load.origins();
            int decided = origins.values().stream().mapToInt(Integer::intValue).sum();
            Reliability.report("Cluster: the hot key's slot moved under load", String.format("slot %d from :%d to :%d;"
                    + " %d decisions %s, %d exceptions; %d admitted of a 3000 budget",
                    slot, source.port(), target.port(), decided, origins, load.failures().size(), load.admitted.get()));
            assertThat(load.failures()).isEmpty();
            assertThat(origins).containsOnlyKeys(Decision.Origin.STORE);
            assertThat(load.admitted.get()).isEqualTo(Math.min(3000, decided));
            assertThat(owns(target, slot)).isTrue();
        }
    }

    static boolean owns(RedisProcess node, int slot) {
        try (Jedis jedis = node.jedis()) {
            String id = jedis.clusterMyId();
            return jedis.clusterSlots().stream().anyMatch(range -> {
                List<?> r = (List<?>) range;
                long from = (Long) r.get(0);
                long to = (Long) r.get(1);
                List<?> master = (List<?>) r.get(2);
                return slot >= from && slot <= to && id.equals(new String((byte[]) master.get(2)));
            });
        }
    }

    /** The manual resharding steps of the Redis Cluster specification. */
    private static void migrate(int slot, RedisProcess source, RedisProcess target, List<RedisProcess> masters) {
        try (Jedis from = source.jedis(); Jedis to = target.jedis()) {
            String sourceId = from.clusterMyId();
            String targetId = to.clusterMyId();
            to.clusterSetSlotImporting(slot, sourceId);
            from.clusterSetSlotMigrating(slot, targetId);
            List<String> keys;
            while (!(keys = from.clusterGetKeysInSlot(slot, 100)).isEmpty()) {
                from.migrate("127.0.0.1", target.port(), 5000, new MigrateParams(), keys.toArray(String[]::new));
            }
            for (RedisProcess master : masters) {
                try (Jedis jedis = master.jedis()) {
                    jedis.clusterSetSlotNode(slot, targetId);
                }
            }
        }
    }
}
