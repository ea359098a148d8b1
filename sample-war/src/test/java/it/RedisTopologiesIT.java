package it;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.testing.redis.RedisClusterProcess;
import io.throttled.testing.redis.RedisProcess;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.RedisClusterClient;

/**
 * The sample configured for a Redis Cluster (by seed list) and for Sentinel (by master name), end to end on
 * Liberty; and, with failure mode closed, 503 with Retry-After when no master answers.
 */
class RedisTopologiesIT {

    private static int admittedPings(LibertyServer server, int tries) {
        int admitted = 0;
        for (int i = 0; i < tries; i++) {
            HttpResponse<String> r = Http.get(server.baseUrl() + "/api/demo/ping");
            if (r.statusCode() == 200) {
                admitted++;
            } else {
                assertThat(r.statusCode()).isEqualTo(429);
            }
        }
        return admitted;
    }

    @Test
    void theSampleDecidesOnARedisCluster() {
        try (RedisClusterProcess cluster = RedisClusterProcess.start(3, 0);
             LibertyServer server = LibertyServer.start("throttled-sample-cluster", Map.of(
                     "THROTTLED_REDIS_URL", "", "THROTTLED_REDIS_CLUSTER", cluster.seedList(),
                     "DEMO_EMBEDDED_REDIS", "false"))) {
            assertThat(server.messages()).contains("throttled: deciding on Redis Cluster via");

            assertThat(admittedPings(server, 13)).isBetween(10, 11);

            try (RedisClusterClient client = RedisClusterClient.create(cluster.seeds())) {
                assertThat(client.exists("throttled:ping:{ip:127.0.0.1}:tb1s")).isTrue();
                assertThat(client.pttl("throttled:ping:{ip:127.0.0.1}:tb1s")).isPositive();
            }
        }
    }

    @Test
    void theSampleDecidesThroughSentinelAndFailsClosedWhenNoMasterAnswers() {
        List<RedisProcess> redis = new ArrayList<>();
        try {
            RedisProcess master = add(redis, RedisProcess.start());
            RedisProcess sentinel = add(redis, RedisProcess.sentinel(List.of(
                    "sentinel monitor mymaster 127.0.0.1 " + master.port() + " 1")));
            try (LibertyServer server = LibertyServer.start("throttled-sample-sentinel", Map.of(
                    "THROTTLED_REDIS_URL", "", "THROTTLED_REDIS_SENTINEL_MASTER", "mymaster",
                    "THROTTLED_REDIS_SENTINEL_NODES", "127.0.0.1:" + sentinel.port(),
                    "THROTTLED_REDIS_FAILURE_MODE", "closed", "DEMO_EMBEDDED_REDIS", "false"))) {
                assertThat(server.messages()).contains("throttled: deciding on Sentinel master 'mymaster'",
                        "when it fails: closed");

                assertThat(admittedPings(server, 13)).isBetween(10, 11);

                master.kill();
                // ping's denial is remembered (the over-limit cache answers 429 without Redis); greeting is not
                assertThat(Http.get(server.baseUrl() + "/api/demo/ping").statusCode()).isEqualTo(429);
                HttpResponse<String> unavailable = Http.get(server.baseUrl() + "/api/demo/greeting");
                assertThat(unavailable.statusCode()).isEqualTo(503);
                assertThat(Long.parseLong(Http.header(unavailable, "Retry-After"))).isPositive();
                assertThat(unavailable.body()).contains("temporary-reduced-capacity", "\"status\":503");
                assertThat(Http.header(unavailable, "RateLimit")).as("no limit is known").isNull();
            }
        } finally {
            redis.forEach(RedisProcess::close);
        }
    }

    private static RedisProcess add(List<RedisProcess> all, RedisProcess p) {
        all.add(p);
        return p;
    }
}
