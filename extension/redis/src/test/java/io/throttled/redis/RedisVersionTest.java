package io.throttled.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.throttled.resilience.ResilientRateLimiter;
import io.throttled.resilience.CircuitBreaker;
import io.throttled.core.FailureMode;
import io.throttled.core.Policy;
import io.throttled.memory.InMemoryRateLimiter;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading and comparing versions, and what the limiter refuses on a Redis too old, without a server. */
class RedisVersionTest {
    private static final Policy WAITING = Policy.builder("orders").rate("10/1s").maxWait("2s").build();

    @Test
    void readsWhatServersReport() {
        assertThat(RedisVersion.parse("7.0.15")).isEqualTo(new RedisVersion(7, 0, 15));
        assertThat(RedisVersion.parse("6.2")).isEqualTo(new RedisVersion(6, 2, 0));
        assertThat(RedisVersion.parse(" 7.2.4-rc1")).isEqualTo(new RedisVersion(7, 2, 4));
        assertThat(RedisVersion.parse("255.255.255")).hasToString("255.255.255");
        assertThat(RedisVersion.fromInfo("# Server\r\nredis_version:6.2.11\r\nredis_git_sha1:00000000\r\n"))
                .isEqualTo(new RedisVersion(6, 2, 11));
        // Valkey reports the Redis version it is compatible with under the same name
        assertThat(RedisVersion.fromInfo("# Server\nredis_version:7.2.4\nvalkey_version:8.0.1\n"))
                .isEqualTo(new RedisVersion(7, 2, 4));
    }

    @Test
    void refusesWhatIsNotAVersion() {
        for (String bad : new String[] {"", "7", "seven.0", "7.0.1.2", "7..1"}) {
            assertThatThrownBy(() -> RedisVersion.parse(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("is not a Redis version");
        }
        assertThatThrownBy(() -> RedisVersion.parse(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RedisVersion.fromInfo("# Server\nos:Linux\n"))
                .hasMessage("the INFO reply names no redis_version");
    }

    @Test
    void comparesPartByPartAsNumbers() {
        assertThat(RedisVersion.parse("6.2.11").atLeast(RedisVersion.MINIMUM)).isTrue();
        assertThat(RedisVersion.parse("6.2.0").atLeast(RedisVersion.MINIMUM)).isTrue();
        assertThat(RedisVersion.parse("6.0.20").atLeast(RedisVersion.MINIMUM)).isFalse();
        assertThat(RedisVersion.parse("6.10.0").atLeast(RedisVersion.parse("6.9.9"))).isTrue();   // not as text
        assertThat(RedisVersion.parse("6.2.14").atLeast(RedisVersion.RESERVATIONS)).isFalse();
        assertThat(RedisVersion.parse("7.0.0").atLeast(RedisVersion.RESERVATIONS)).isTrue();
        assertThat(RedisVersion.parse("10.0.0")).isGreaterThan(RedisVersion.parse("9.9.9"));
    }

    @Test
    void aServerBelowTheMinimumIsNamedWithWhatItLacks() {
        assertThat(JedisScripting.requireMinimum(RedisVersion.parse("6.2.0"), "the server")).isNotNull();
        assertThatThrownBy(() -> JedisScripting.requireMinimum(RedisVersion.parse("6.0.16"), "the server"))
                .isInstanceOf(UnsupportedRedisException.class)
                .hasMessage("throttled needs Redis 6.2 or later (its scripts use SET ... PXAT); the server runs Redis"
                        + " 6.0.16: upgrade Redis, or leave throttled.redis.* unset to decide in memory");
    }

    @Test
    void maxWaitOnRedisBelow7IsRefusedNamingThePolicyAndTheVersion() {
        OnVersion redis = new OnVersion(RedisVersion.parse("6.2.11"));
        RedisRateLimiter limiter = TestLimiters.withoutPreload(RedisRateLimiter.builder(redis));
        String expected = "policy 'orders' sets max-wait (2000 ms): waiting for a permit needs Redis 7.0 or later"
                + " (PEXPIRETIME), and the server runs Redis 6.2.11: upgrade Redis, or remove max-wait from the policy";
        assertThatThrownBy(() -> limiter.reserve(WAITING, "u:alice", 1))
                .isInstanceOf(UnsupportedRedisException.class).hasMessage(expected);
        assertThat(redis.calls).isZero();

        // the failure mode is for outages: it never hides a Redis too old
        ResilientRateLimiter resilient = new ResilientRateLimiter(limiter, FailureMode.LOCAL,
                InMemoryRateLimiter.create(), new CircuitBreaker(1, 1000, System::nanoTime), null, System::nanoTime);
        assertThatThrownBy(() -> resilient.reserve(WAITING, "u:alice", 1)).hasMessage(expected);
        assertThat(resilient.breaker().allowsCall()).isTrue();
    }

    /** A stand-in that reports a version and counts the scripts sent. */
    private static final class OnVersion implements RedisScripting {
        private final RedisVersion version;
        int calls;

        OnVersion(RedisVersion version) {
            this.version = version;
        }

        @Override
        public RedisVersion serverVersion() {
            return version;
        }

        @Override
        public Object run(ScriptCall call) {
            calls++;
            throw new IllegalStateException("no script should be sent");
        }

        @Override
        public List<Object> runAll(List<ScriptCall> calls) {
            return List.of(run(calls.get(0)));
        }

        @Override
        public void load(Collection<LuaScript> scripts) {
        }

        @Override
        public void close() {
        }
    }
}
