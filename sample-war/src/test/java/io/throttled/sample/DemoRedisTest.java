package io.throttled.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

class DemoRedisTest {

    @Test
    void startsARedisWhereNoneAnswersAndStopsIt() throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        assertThat(DemoRedis.answers("127.0.0.1", port)).isFalse();

        EmbeddedRedis redis = EmbeddedRedis.start(port);
        try {
            assertThat(DemoRedis.answers("127.0.0.1", port)).isTrue();
            assertThat(redis.describe()).endsWith("on 127.0.0.1:" + port);
        } finally {
            redis.stop();
        }
        assertThat(DemoRedis.answers("127.0.0.1", port)).isFalse();
    }

    @Test
    void onlyLoopbackHostsCountAsLocal() {
        assertThat(DemoRedis.isLocal("localhost")).isTrue();
        assertThat(DemoRedis.isLocal("127.0.0.1")).isTrue();
        assertThat(DemoRedis.isLocal("redis.internal")).isFalse();
    }
}
