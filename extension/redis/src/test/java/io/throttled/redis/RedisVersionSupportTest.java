package io.throttled.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.throttled.resilience.ResilientRateLimiter;
import io.throttled.resilience.CircuitBreaker;
import io.throttled.core.FailureMode;
import io.throttled.core.Policy;
import io.throttled.memory.InMemoryRateLimiter;
import io.throttled.testing.redis.RedisExtension;
import io.throttled.testing.redis.TestRedis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

/**
 * The version check against this run's real Redis: on 7.0 and later everything runs; on 6.2 (the embedded
 * Redis leg) decisions run and a policy with max-wait is refused with the policy, the setting and the version.
 */
@ExtendWith(RedisExtension.class)
class RedisVersionSupportTest {
    private static final Policy PLAIN = Policy.builder("version-plain").rate("10/1s").build();
    private static final Policy WAITING = Policy.builder("version-waiting").rate("1/1s").maxWait("2s").build();

    @Test
    void theServerVersionIsCheckedWhenTheLimiterIsBuiltAndDecisionsRun(TestRedis server) {
        try (JedisScripting redis = server.scripting()) {
            RedisRateLimiter limiter = RedisRateLimiter.builder(redis).keyPrefix("version:").build();
            assertThat(redis.serverVersion()).isEqualTo(server.version());
            assertThat(redis.serverVersion().atLeast(RedisVersion.MINIMUM)).isTrue();
            assertThat(limiter.acquire(PLAIN, "u:alice").remaining()).isEqualTo(9);
        }
    }

    @Test
    void onRedisBefore7MaxWaitIsRefusedNamingThePolicyTheSettingAndTheVersion(TestRedis server) {
        RedisVersion version = server.version();
        assumeFalse(version.atLeast(RedisVersion.RESERVATIONS),
                "Redis " + version + " reserves slots: RedisReservationTest covers max-wait there");
        try (JedisScripting redis = server.scripting()) {
            RedisRateLimiter limiter = RedisRateLimiter.builder(redis).keyPrefix("version-old:").build();
            String expected = "policy 'version-waiting' sets max-wait (2000 ms): waiting for a permit needs Redis 7.0"
                    + " or later (PEXPIRETIME), and the server runs Redis " + version;
            assertThatThrownBy(() -> limiter.reserve(WAITING, "u:alice", 1))
                    .isInstanceOf(UnsupportedRedisException.class).hasMessageStartingWith(expected);

            // as the application calls it: the failure mode does not turn it into a local decision
            ResilientRateLimiter resilient = new ResilientRateLimiter(limiter, FailureMode.LOCAL,
                    InMemoryRateLimiter.create(), new CircuitBreaker(1, 60_000, System::nanoTime), null, System::nanoTime);
            assertThatThrownBy(() -> resilient.reserve(WAITING, "u:alice", 1)).hasMessageStartingWith(expected);
            assertThat(resilient.breaker().allowsCall()).isTrue();
            // decisions without max-wait go on, and the refused reservations wrote nothing
            assertThat(resilient.acquire(WAITING, "u:bob", 1).allowed()).isTrue();
            try (Jedis jedis = server.jedis()) {
                assertThat(jedis.keys("version-old:*")).containsExactly("version-old:version-waiting:{u:bob}:tb1s");
            }
        }
    }
}
