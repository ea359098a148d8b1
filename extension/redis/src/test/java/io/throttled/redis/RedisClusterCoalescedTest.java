package io.throttled.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.core.Algorithm;
import io.throttled.core.Policy;
import io.throttled.testing.Concurrently;
import io.throttled.testing.redis.CountingScripting;
import io.throttled.testing.redis.RedisConnections;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Coalescing on a 3-master Redis Cluster: a batch's decisions go as one batch-script call per hash slot, so
 * concurrent decisions on keys of many slots (and many on one hot key) all succeed and take exactly each burst.
 */
class RedisClusterCoalescedTest {
    @RegisterExtension
    static final RedisConnections redis = new RedisConnections();

    @Test
    void concurrentDecisionsOnManySlotsTakeExactlyEachBurst() throws Exception {
        CountingScripting counting = new CountingScripting(redis.cluster());
        RedisRateLimiter limiter = TestLimiters.withoutPreload(RedisRateLimiter
                .builder(new CoalescingScripting(counting, 128, 1)).keyPrefix("cluster-coalesced-" + System.nanoTime() + ":"));
        Policy policy = Policy.builder("slots").algorithm(Algorithm.GCRA).rate("10/1h").build();
        int threads = 32;
        int each = 60;
        int admitted = Concurrently.admitted(threads, each, Duration.ofSeconds(60), () -> {
            ThreadLocalRandom random = ThreadLocalRandom.current();
            return limiter.acquire(policy, random.nextBoolean() ? "hot" : "k" + random.nextInt(20), 1);
        });

        assertThat(admitted).as("21 keys with a burst of 10 each, every key asked more than 10 times")
                .isEqualTo(210);
        assertThat(counting.scriptCalls()).as("script calls for %d decisions", threads * each)
                .isLessThan(threads * each);
    }
}
