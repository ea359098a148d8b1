package io.throttled.testing.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClusterClient;

/** The harness' own paths for a machine without Redis tools, run on every machine. */
class RedisHarnessTest {

    @Test
    void theEmbeddedBinaryIsRedis62AndRuns() throws Exception {
        File binary = EmbeddedRedisBinary.get();
        assertThat(binary.canExecute()).isTrue();
        Process version = new ProcessBuilder(binary.getPath(), "--version").redirectErrorStream(true).start();
        assertThat(new String(version.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).contains("v=6.2.11");
        assertThat(EmbeddedRedisBinary.get()).isEqualTo(binary);   // extracted once
    }

    @Test
    void aClusterFormsWithoutRedisCli() {
        try (RedisClusterProcess cluster = RedisClusterProcess.startWithoutRedisCli(3, 1)) {
            assertThat(cluster.masters()).hasSize(3);
            for (RedisProcess node : cluster.nodes()) {
                try (Jedis jedis = node.jedis()) {
                    assertThat(jedis.clusterInfo()).contains("cluster_state:ok", "cluster_slots_assigned:16384",
                            "cluster_known_nodes:6", "cluster_size:3");
                }
            }
            try (RedisClusterClient client = RedisClusterClient.builder().nodes(cluster.seeds()).build()) {
                for (String key : List.of("a", "b", "c", "{user:1}", "{user:2}")) {   // keys on every master
                    client.set(key, key.toUpperCase());
                    assertThat(client.get(key)).isEqualTo(key.toUpperCase());
                }
            }
        }
    }
}
