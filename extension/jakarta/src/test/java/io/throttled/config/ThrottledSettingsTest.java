package io.throttled.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.throttled.redis.RedisConfigKeys;
import java.util.Map;
import org.eclipse.microprofile.config.Config;
import org.junit.jupiter.api.Test;

class ThrottledSettingsTest {

    private static Config config(Map<String, String> values) {
        return new SmallRyeConfigBuilder().withSources(new PropertiesConfigSource(values, "test", 500)).build();
    }

    @Test
    void coalescingIsOnByDefault() {
        ThrottledSettings.Coalescing c = ThrottledSettings.read(config(Map.of())).coalescing();

        assertThat(c).isEqualTo(new ThrottledSettings.Coalescing(true, 128, 2));
    }

    @Test
    void coalescingCanBeTurnedOffAndSized() {
        ThrottledSettings.Coalescing c = ThrottledSettings.read(config(Map.of(ConfigKeys.REDIS_COALESCE, "false",
                ConfigKeys.REDIS_COALESCE_MAX_BATCH, "32", ConfigKeys.REDIS_COALESCE_BATCHES, "4"))).coalescing();

        assertThat(c).isEqualTo(new ThrottledSettings.Coalescing(false, 32, 4));
    }

    @Test
    void everyBadCoalescingSettingIsNamedWithItsAllowedValues() {
        assertThatThrownBy(() -> ThrottledSettings.read(config(Map.of(ConfigKeys.REDIS_COALESCE, "yes",
                ConfigKeys.REDIS_COALESCE_MAX_BATCH, "0", ConfigKeys.REDIS_COALESCE_BATCHES, "many"))))
                .isInstanceOfSatisfying(InvalidSettingsException.class, e -> assertThat(e.problems()).containsExactlyInAnyOrder(
                        "throttled.redis.coalesce='yes': must be true or false",
                        "throttled.redis.coalesce.max-batch='0' must be a whole number from 1 to 10000",
                        "throttled.redis.coalesce.batches='many' must be a whole number from 1 to 1000"));
    }

    @Test
    void theLocalFallbackRemembers100000KeysAndStartsUnseenOnesFullUnlessSet() {
        ThrottledSettings.Resilience defaults = ThrottledSettings.read(config(Map.of())).resilience();
        assertThat(defaults.rememberedKeys()).isEqualTo(100_000);
        assertThat(defaults.unseenShare()).isEqualTo(1.0);

        ThrottledSettings.Resilience set = ThrottledSettings.read(config(Map.of(ConfigKeys.FALLBACK_REMEMBERED_KEYS, "0",
                ConfigKeys.FALLBACK_UNSEEN_SHARE, "0.25"))).resilience();
        assertThat(set.rememberedKeys()).isZero();
        assertThat(set.unseenShare()).isEqualTo(0.25);
    }

    @Test
    void everyBadFallbackSettingIsNamedWithItsAllowedValues() {
        assertThatThrownBy(() -> ThrottledSettings.read(config(Map.of(ConfigKeys.FALLBACK_REMEMBERED_KEYS, "-1",
                ConfigKeys.FALLBACK_UNSEEN_SHARE, "1.5"))))
                .isInstanceOfSatisfying(InvalidSettingsException.class, e -> assertThat(e.problems()).containsExactlyInAnyOrder(
                        "throttled.redis.fallback.remembered-keys='-1' must be a whole number from 0 to 2147483647",
                        "throttled.redis.fallback.unseen-share='1.5': is outside the allowed range 0 to 1 (a share of the"
                                + " burst, such as 0.5)"));
        assertThatThrownBy(() -> ThrottledSettings.read(config(Map.of(ConfigKeys.FALLBACK_UNSEEN_SHARE, "half"))))
                .isInstanceOfSatisfying(InvalidSettingsException.class, e -> assertThat(e.problems()).containsExactly(
                        "throttled.redis.fallback.unseen-share='half': is not a number; allowed: a share from 0 to 1,"
                                + " such as 0.5"));
    }

    @Test
    void idleRedisConnectionsArePingedEvery30sUnlessSetAndZeroTurnsItOff() {
        String url = "redis://localhost:6379";
        assertThat(ThrottledSettings.read(config(Map.of(RedisConfigKeys.URL, url))).redis().orElseThrow().poolIdlePing())
                .isEqualTo(java.time.Duration.ofSeconds(30));
        assertThat(ThrottledSettings.read(config(Map.of(RedisConfigKeys.URL, url, RedisConfigKeys.POOL_IDLE_PING, "0")))
                .redis().orElseThrow().poolIdlePing()).isZero();
        assertThatThrownBy(() -> ThrottledSettings.read(config(Map.of(RedisConfigKeys.URL, url,
                RedisConfigKeys.POOL_IDLE_PING, "often"))))
                .isInstanceOfSatisfying(InvalidSettingsException.class, e -> assertThat(e.problems()).containsExactly(
                        "throttled.redis.pool.idle-ping='often' is not a duration; e.g. 50ms, 2s, 1m"));
    }

    @Test
    void aDurationTooLongIsAProblemNamedWithItsKey() {
        // found by ConfigTextFuzzTest: the digits overflowed a long (NumberFormatException, key-less message) or the
        // Duration (ArithmeticException, which escaped read)
        assertThatThrownBy(() -> ThrottledSettings.read(config(Map.of(RedisConfigKeys.URL, "redis://localhost:6379",
                RedisConfigKeys.TIMEOUT, "99999999999999999999", RedisConfigKeys.POOL_IDLE_PING, "9999999999999999h"))))
                .isInstanceOfSatisfying(InvalidSettingsException.class, e -> assertThat(e.problems()).containsExactlyInAnyOrder(
                        "throttled.redis.timeout='99999999999999999999' is too long a duration (at most 12 digits)",
                        "throttled.redis.pool.idle-ping='9999999999999999h' is too long a duration (at most 12 digits)"));
    }
}
