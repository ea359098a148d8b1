package io.throttled.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.core.Decision;
import io.throttled.core.FailureMode;
import io.throttled.core.Policy;
import io.throttled.redis.RedisSettings;
import io.throttled.resilience.ResilientRateLimiter;
import io.throttled.testing.redis.RedisProcess;
import org.junit.jupiter.api.Test;

/**
 * Two limiters whose JVM clocks are 20 s apart (one 10 s ahead, one 10 s behind) admit together exactly
 * what one would: the Redis server's clock decides, and the JVM clock only measures how long a remembered
 * denial lasts.
 */
class ClockSkewTest {

    @Test
    void twoNodesWithSkewedClocksAdmitExactlyWhatOneWould() {
        Policy policy = Policy.builder("skew").rate("30/1m").build();
        long tenSeconds = 10_000_000_000L;
        try (RedisProcess redis = RedisProcess.start();
             ResilientRateLimiter ahead = Resilient.limiter(RedisSettings.ofUrl(redis.url()), FailureMode.CLOSED, true,
                     () -> System.nanoTime() + tenSeconds);
             ResilientRateLimiter behind = Resilient.limiter(RedisSettings.ofUrl(redis.url()), FailureMode.CLOSED, true,
                     () -> System.nanoTime() - tenSeconds);
             ResilientRateLimiter alone = Resilient.limiter(RedisSettings.ofUrl(redis.url()), FailureMode.CLOSED, true)) {
            int together = 0;
            int single = 0;
            for (int i = 0; i < 100; i++) {
                Decision d = (i % 2 == 0 ? ahead : behind).acquire(policy, "shared");
                assertThat(d.origin()).isIn(Decision.Origin.STORE, Decision.Origin.OVER_LIMIT_CACHE);
                together += d.allowed() ? 1 : 0;
                single += alone.acquire(policy, "alone").allowed() ? 1 : 0;
            }

            Reliability.report("clock skew ±10 s between two nodes", together + " admitted by the pair, " + single
                    + " by a single node, of 100 calls each under 30/1m");
            assertThat(together).isEqualTo(single).isEqualTo(30);
        }
    }
}
