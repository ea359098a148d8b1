package io.throttled.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.HostAndPort;

class RedisSettingsTest {

    @Test
    void readsEverythingAUrlCanSay() {
        RedisSettings s = RedisSettings.ofUrl("rediss://app:pw@cache.example:6380/2");

        assertThat(s.topology()).isEqualTo(RedisSettings.Topology.STANDALONE);
        assertThat(s.server()).isEqualTo(new HostAndPort("cache.example", 6380));
        assertThat(s.username()).isEqualTo("app");
        assertThat(s.password()).isEqualTo("pw");
        assertThat(s.database()).isEqualTo(2);
        assertThat(s.tls()).isTrue();
        assertThat(s.describe()).isEqualTo("rediss://cache.example:6380/2");
        assertThat(RedisSettings.ofUrl("redis://localhost").server().getPort()).isEqualTo(6379);
    }

    @Test
    void hasShortTimeoutsAndABoundedPoolByDefault() {
        RedisSettings s = RedisSettings.ofUrl("redis://localhost:6379");

        assertThat(s.commandTimeout()).isEqualTo(Duration.ofMillis(200));
        assertThat(s.connectTimeout()).isEqualTo(Duration.ofMillis(500));
        assertThat(s.poolMaxTotal()).isEqualTo(32);
        assertThat(s.poolMaxWait()).isEqualTo(Duration.ofMillis(50));
        assertThat(s.poolIdlePing()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void readsClusterSeedsAndSentinels() {
        RedisSettings cluster = RedisSettings.builder().cluster("10.0.0.1:7000, 10.0.0.2:7001,[::1]:7002").build();
        RedisSettings sentinel = RedisSettings.builder().sentinel("mymaster", "s1:26379,s2:26379").password("pw").build();

        assertThat(cluster.nodes()).containsExactly(new HostAndPort("10.0.0.1", 7000),
                new HostAndPort("10.0.0.2", 7001), new HostAndPort("::1", 7002));
        assertThat(sentinel.topology()).isEqualTo(RedisSettings.Topology.SENTINEL);
        assertThat(sentinel.sentinelMaster()).isEqualTo("mymaster");
        assertThat(sentinel.nodes()).hasSize(2);
    }

    @Test
    void namesEveryBadSettingByItsConfigKey() {
        assertThatThrownBy(() -> RedisSettings.builder().build())
                .hasMessageContaining("set exactly one of throttled.redis.url, throttled.redis.cluster or "
                        + "throttled.redis.sentinel.master (found 0)");
        assertThatThrownBy(() -> RedisSettings.builder().url("redis://a").cluster("b:1").build())
                .hasMessageContaining("(found 2)");
        assertThatThrownBy(() -> RedisSettings.ofUrl("http://localhost:6379"))
                .hasMessageContaining("throttled.redis.url 'http://localhost:6379' must start with redis:// or rediss://");
        assertThatThrownBy(() -> RedisSettings.ofUrl("redis://localhost:6379/zero"))
                .hasMessageContaining("database 'zero' must be a number");
        assertThatThrownBy(() -> RedisSettings.builder().cluster("a:1,b,c:99999").build())
                .hasMessageContaining("throttled.redis.cluster: 'b' is not host:port")
                .hasMessageContaining("'c:99999' is not host:port");
        assertThatThrownBy(() -> RedisSettings.builder().url("redis://a").commandTimeout(Duration.ZERO).build())
                .hasMessageContaining("throttled.redis.timeout=PT0S must be a positive duration");
        assertThatThrownBy(() -> RedisSettings.builder().url("redis://:pw@a").password("other").build())
                .hasMessageContaining("the password is given both in throttled.redis.url and throttled.redis.password");
        assertThatThrownBy(() -> RedisSettings.builder().url("redis://a").pool(4, 8, 0, Duration.ofMillis(5)).build())
                .hasMessageContaining("throttled.redis.pool.max-idle (8) <= throttled.redis.pool.max-total (4)");
        assertThatThrownBy(() -> RedisSettings.builder().url("redis://a").idlePing(Duration.ofSeconds(-1)).build())
                .hasMessageContaining("throttled.redis.pool.idle-ping=PT-1S must be a duration of 0 (off) or more");
        assertThatThrownBy(() -> RedisSettings.builder().sentinel("m", null).build())
                .hasMessageContaining("throttled.redis.sentinel.nodes is required");
    }

    @Test
    void noMessageCarriesAPassword() {
        for (String bad : new String[] {"http://app:s3cret-pw@localhost:6379", "redis://app:s3cret-pw@/0",
                "redis://app:s3cret-pw@local host:6379", "redis://:s3cret-pw@localhost:6379/x"}) {
            assertThatThrownBy(() -> RedisSettings.ofUrl(bad)).as(bad)
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("s3cret-pw").contains("throttled.redis"));
        }
        RedisSettings s = RedisSettings.builder().url("redis://app:s3cret-pw@cache.example:6380").build();
        assertThat(s.describe()).doesNotContain("s3cret-pw");
        assertThat(s.toString()).doesNotContain("s3cret-pw");
        assertThat(StandaloneEndpoint.redacted("rediss://u:p@h:1/0?x=y")).isEqualTo("rediss://***@h:1/0?x=y");
    }
}
