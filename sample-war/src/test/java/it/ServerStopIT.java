package it;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.testing.redis.RedisProcess;
import java.util.Map;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * Stopping the server stops the application first: the extension closes its pool and ends its change feed,
 * and no connection of the server is left open on Redis; the stop logs no thread that would not end.
 */
class ServerStopIT {

    @Test
    void stoppingTheServerLeavesNoRedisConnection() {
        try (RedisProcess redis = RedisProcess.start()) {
            LibertyServer server = LibertyServer.start("throttled-sample-stop", Map.of("THROTTLED_REDIS_URL", redis.url()));
            try {
                assertThat(Http.get(server.baseUrl() + "/api/demo/ping").statusCode()).isEqualTo(200);
                assertThat(throttledConnections(redis)).as("connections while serving").isPositive();
            } finally {
                server.close();
            }
            assertThat(throttledConnections(redis)).as("connections after the stop").isZero();
            assertThat(server.messages()).contains("CWWKZ0009I").doesNotContain("did not stop within");
        }
    }

    private static long throttledConnections(RedisProcess redis) {
        try (Jedis jedis = redis.jedis()) {
            return jedis.clientList().lines().filter(line -> line.contains(" name=throttled ")).count();
        }
    }
}
