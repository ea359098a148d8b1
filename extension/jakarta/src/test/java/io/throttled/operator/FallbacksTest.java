package io.throttled.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.throttled.cdi.TestConfig;
import java.net.ServerSocket;
import java.time.Instant;
import java.util.Map;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** An operator's tool sees whether the node decides without Redis, since when, why, and what decided instead. */
class FallbacksTest {

    @AfterEach
    void clear() {
        OperatorContainer.clear();
    }

    @Test
    void withoutRedisNothingFallsBack() {
        try (WeldContainer cdi = OperatorContainer.boot()) {
            cdi.select(OperatorContainer.Greeter.class).get().greet("a");

            FallbackState state = cdi.select(Fallbacks.class).get().state();
            assertThat(state.redisConfigured()).isFalse();
            assertThat(state.running()).isEmpty();
            assertThat(state.last()).isEmpty();
            assertThat(state.decidedWithoutRedis()).containsExactly(Map.entry("timeout", 0L),
                    Map.entry("connection", 0L), Map.entry("breaker_open", 0L));
        }
    }

    /** Redis where nothing listens: two refused connections open the breaker, which keeps the next three from it. */
    @Test
    void aRunningEpisodeShowsItsStartCauseAndWhatDecidedAndTheCountsAreByCause() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        TestConfig.set("throttled.redis.url", "redis://127.0.0.1:" + closedPort);
        TestConfig.set("throttled.redis.failure-mode", "local");
        TestConfig.set("throttled.redis.breaker.failures", "2");
        TestConfig.set("throttled.redis.breaker.open-for", "1h");
        Instant before = Instant.now();
        try (WeldContainer cdi = OperatorContainer.boot()) {
            OperatorContainer.Greeter greeter = cdi.select(OperatorContainer.Greeter.class).get();
            for (int i = 0; i < 5; i++) {
                catchThrowable(() -> greeter.greet("a"));   // 3 a day, decided in this JVM: 3 allowed, 2 denied
            }

            FallbackState state = cdi.select(Fallbacks.class).get().state();
            assertThat(state.redisConfigured()).isTrue();
            assertThat(state.episodes()).isEqualTo(1);
            assertThat(state.last()).isEmpty();
            assertThat(state.decidedWithoutRedis()).containsExactly(Map.entry("timeout", 0L),
                    Map.entry("connection", 2L), Map.entry("breaker_open", 3L));
            assertThat(state.decidedWithoutRedisTotal()).isEqualTo(5);
            assertThat(state.unchargedKeys()).as("the key's local admissions are owed to Redis").isEqualTo(1);
            FallbackEpisode running = state.running().orElseThrow();
            assertThat(running.running()).isTrue();
            assertThat(running.policy()).isEqualTo("greet");
            assertThat(running.firstCause()).isEqualTo("connection");
            assertThat(running.startedAt()).isBetween(before.minusMillis(1), Instant.now());
            assertThat(running.durationMillis()).isNotNegative();
            assertThat(running.decided()).containsExactly(Map.entry("local", 5L), Map.entry("open", 0L),
                    Map.entry("closed", 0L));
            assertThat(running.decidedTotal()).isEqualTo(5);
        }
    }
}
