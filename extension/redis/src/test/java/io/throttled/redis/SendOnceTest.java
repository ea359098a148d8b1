package io.throttled.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.throttled.testing.redis.RedisClusterProcess;
import io.throttled.testing.redis.RedisExtension;
import io.throttled.testing.redis.TestRedis;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A command that answers after the command timeout is not sent again: a decision that ran late must not take its
 * tokens twice. Jedis' Cluster client would resend it after the timeout (up to five times); a single server's never
 * does. Each script counts its runs, then keeps Redis busy past the timeout.
 */
@ExtendWith(RedisExtension.class)
class SendOnceTest {
    /** Counts a run in KEYS[1], then holds the server for ARGV[1] ms (longer than the client waits). */
    private static final String LATE = "redis.call('INCR', KEYS[1]) "
            + "local t = redis.call('TIME') local until_us = t[1] * 1000000 + t[2] + ARGV[1] * 1000 "
            + "repeat t = redis.call('TIME') until t[1] * 1000000 + t[2] >= until_us return 1";

    @Test
    void aClusterCallThatTimesOutRunsOnceAndFailsAfterOneTimeout(RedisClusterProcess cluster) {
        assertRunsOnce(RedisSettings.builder().cluster(cluster.seedList()), "send-once:{c}:" + System.nanoTime());
    }

    @Test
    void aServerCallThatTimesOutRunsOnce(TestRedis redis) {
        assertRunsOnce(RedisSettings.builder().url(redis.url()), "send-once:" + System.nanoTime());
    }

    private static void assertRunsOnce(RedisSettings.Builder where, String key) {
        Duration patient = Duration.ofSeconds(5);
        try (JedisScripting impatient = RedisConnections.scripting(where.commandTimeout(Duration.ofMillis(200))
                .connectTimeout(patient).build());
             JedisScripting checking = RedisConnections.scripting(where.commandTimeout(patient).build())) {
            // the script holds the server for 600 ms: the call fails on its read timeout, before any answer
            assertThatThrownBy(() -> impatient.client().eval(LATE, List.of(key), List.of("600")))
                    .isInstanceOf(JedisException.class).hasRootCauseInstanceOf(SocketTimeoutException.class);

            // a read queued behind every run the server was sent sees them all: one, so the caller waited one
            // timeout, not one per attempt
            assertThat(checking.client().get(key)).as("runs of the script").isEqualTo("1");
        }
    }
}
