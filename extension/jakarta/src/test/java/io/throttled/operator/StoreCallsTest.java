package io.throttled.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.throttled.cdi.TestConfig;
import io.throttled.config.ThrottledSettings;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.exceptions.JedisConnectionException;

/** A store that does not answer is told apart from a tool's mistakes, with when to try again. */
class StoreCallsTest {

    @AfterEach
    void clear() {
        TestConfig.clear();
    }

    @Test
    void aStoreThatDoesNotAnswerSaysToRetryAfterTheBreakersTrialInterval() {
        TestConfig.set("throttled.redis.breaker.open-for", "2500ms");
        StoreCalls store = new StoreCalls(ThrottledSettings.read(ConfigProvider.getConfig()));

        assertThatThrownBy(() -> store.call(() -> {
            throw new JedisConnectionException("connection refused");
        })).isInstanceOfSatisfying(StoreUnavailableException.class, e -> {
            assertThat(e).hasMessage("connection refused").hasCauseInstanceOf(JedisConnectionException.class);
            assertThat(e.retryAfterSeconds()).isEqualTo(3);
        });
        assertThatThrownBy(() -> store.run(() -> {
            throw new IllegalArgumentException("a mistake");
        })).isExactlyInstanceOf(IllegalArgumentException.class);
        assertThat(store.unavailable("failure mode").retryAfterSeconds()).isEqualTo(3);
    }
}
