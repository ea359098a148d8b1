package io.throttled.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.throttled.core.Algorithm;
import io.throttled.core.Decision;
import io.throttled.core.Policy;
import io.throttled.testing.redis.RedisProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * The ACL documented in {@code docs/redis-acl.conf} is enough for everything the extension does, and no more: as
 * that user every algorithm decides, in batches too, leases, resets, lists buckets, stores and hears overrides,
 * while Redis logs no denial; and the same user can neither touch a key outside the prefix nor run an
 * administrative command.
 */
class RedisAclTest {
    private static final String PASSWORD = "acl-test-secret";

    static List<String> documentedRules() throws IOException {
        String line = Files.readAllLines(Path.of("..", "..", "docs", "redis-acl.conf")).stream()
                .filter(l -> l.startsWith("user ")).findFirst().orElseThrow();
        return Arrays.stream(line.split(" ")).skip(2).map(r -> r.equals(">CHANGE-ME") ? ">" + PASSWORD : r).toList();
    }

    private static void assumeRedis7(Jedis admin) {
        assumeTrue(RedisVersion.fromInfo(admin.info("server")).atLeast(RedisVersion.parse("7.0")),
                "the documented ACL names PEXPIRETIME, a Redis 7 command");
    }

    @Test
    void theDocumentedAclIsEnoughForEverythingTheExtensionDoes() throws Exception {
        try (RedisProcess server = RedisProcess.start(); Jedis admin = server.jedis()) {
            assumeRedis7(admin);
            admin.aclSetUser("throttled", documentedRules().toArray(String[]::new));
            admin.aclLogReset();
            RedisSettings settings = RedisSettings.builder().url(server.url()).username("throttled").password(PASSWORD)
                    .commandTimeout(Duration.ofSeconds(5)).build();
            try (JedisScripting scripting = RedisConnections.scripting(settings)) {
                CoalescingScripting batches = new CoalescingScripting(scripting, 64, 2);
                RedisRateLimiter limiter = RedisRateLimiter.builder(batches).keyspace(new JedisKeyspace(scripting.client())).build();
                for (Algorithm algorithm : Algorithm.values()) {
                    Policy policy = Policy.builder("acl-" + algorithm.configName()).algorithm(algorithm.configName())
                            .rate("5/1s,100/1h").key("global").build();
                    assertThat(limiter.acquire(policy, "k", 1).allowed()).as(algorithm.configName()).isTrue();
                    assertThat(limiter.acquire(policy, "k", 0).decidedByStore()).isTrue();
                    assertThat(limiter.acquireAll(List.of(new RedisRateLimiter.Request(policy, "a", 1),
                            new RedisRateLimiter.Request(policy, "b", 1)))).allMatch(Decision::allowed);
                    assertThat(limiter.keys(policy, "0", 100).keys()).isNotEmpty();
                    assertThat(limiter.timeToLiveMillis(policy, "k")).isPresent();
                    limiter.reset(policy, "k");
                    assertThat(limiter.resetAll(policy)).isPositive();
                }
                Policy leased = Policy.builder("acl-lease").rate("1000/1s").burst(100).key("global").lease("auto")
                        .leaseLifetime("100ms").build();
                assertThat(limiter.exchange(leased, "k", 10, 10, "", 0, "node-a").tokens()).isEqualTo(10);
                assertThat(limiter.exchange(leased, "k", 0, 0, "node-a", 4, "node-b").givenBack()).isEqualTo(4);
                Policy waiting = Policy.builder("acl-wait").rate("1/1s").key("global").maxWait("2s").build();
                assertThat(limiter.reserve(waiting, "k", 1).allowed()).isTrue();
                Decision queued = limiter.reserve(waiting, "k", 1);
                assertThat(queued.reserved()).isTrue();
                assertThat(limiter.release(waiting, queued.reservation())).isTrue();
                limiter.penalize(waiting, "k", 30_000);   // what it moves is its own test's; here: what it may send
                assertThat(limiter.ping()).isTrue();

                RedisOverrideStore overrides = new RedisOverrideStore(scripting.client(), scripting, "throttled:");
                CountDownLatch subscribed = new CountDownLatch(1);
                try (AutoCloseable feed = overrides.listen(notice -> { }, subscribed::countDown)) {
                    assertThat(subscribed.await(10, TimeUnit.SECONDS)).as("subscribed to the change feed").isTrue();
                    overrides.replaceKeys(List.of(), Map.of("throttled.policy.acl.rate", "1/1s"));
                    assertThat(overrides.load()).containsEntry("throttled.policy.acl.rate", "1/1s");
                    overrides.announce("reset");
                }
                limiter.close();
            }
            assertThat(admin.aclLog()).as("what Redis refused the extension").isEmpty();
        }
    }

    @Test
    void theSameUserCanNeitherLeaveThePrefixNorAdministerRedis() throws Exception {
        try (RedisProcess server = RedisProcess.start(); Jedis admin = server.jedis()) {
            assumeRedis7(admin);
            admin.aclSetUser("throttled", documentedRules().toArray(String[]::new));
            admin.set("session:alice", "secret");
            try (Jedis user = server.jedis()) {
                user.auth("throttled", PASSWORD);
                assertThat(user.set("throttled:x", "1")).isEqualTo("OK");
                assertThatThrownBy(() -> user.get("session:alice")).isInstanceOf(JedisAccessControlException.class);
                assertThatThrownBy(() -> user.set("other:x", "1")).isInstanceOf(JedisAccessControlException.class);
                assertThatThrownBy(() -> user.configGet("*")).isInstanceOf(JedisAccessControlException.class);
                assertThatThrownBy(user::flushAll).isInstanceOf(JedisAccessControlException.class);
                assertThatThrownBy(() -> user.keys("*")).isInstanceOf(JedisAccessControlException.class);
                assertThatThrownBy(() -> user.eval("return 1")).isInstanceOf(JedisAccessControlException.class);
                assertThatThrownBy(() -> user.publish("elsewhere", "x")).isInstanceOf(JedisDataException.class);
                // a script may not reach outside the prefix either
                String sha = user.scriptLoad("return redis.call('GET', KEYS[1])");
                assertThatThrownBy(() -> user.evalsha(sha, List.of("session:alice"), List.of()))
                        .isInstanceOf(JedisDataException.class).hasMessageContaining("NOPERM");
            }
        }
    }
}
