package io.throttled.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.redisson.Redisson;
import org.redisson.api.RFuture;
import org.redisson.api.RateType;

/**
 * Redisson's own {@code RRateLimiter}: {@link Bucket4jBench#RATE} permits a second, {@code RateType.OVERALL}, set
 * once per key before the run (as an application configures its limiters), then {@code tryAcquire()} per decision.
 */
final class RedissonLimiterClient implements PeerClient {
    private final Redisson redisson;

    RedissonLimiterClient(int port, PeerSetting setting) {
        this.redisson = RedissonClients.open(port, setting);
    }

    @Override
    public void prepare(List<String> keys) {
        List<CompletableFuture<Boolean>> set = new ArrayList<>();
        for (String key : keys) {
            RFuture<Boolean> future = redisson.getRateLimiter("rrl:" + key)
                    .trySetRateAsync(RateType.OVERALL, Bucket4jBench.RATE, Duration.ofSeconds(1));
            set.add(future.toCompletableFuture());
            if (set.size() == 1_000) {   // bounded in flight
                CompletableFuture.allOf(set.toArray(CompletableFuture[]::new)).join();
                set.clear();
            }
        }
        CompletableFuture.allOf(set.toArray(CompletableFuture[]::new)).join();
    }

    @Override
    public boolean decide(int caller, String key) {
        return redisson.getRateLimiter("rrl:" + key).tryAcquire();
    }

    @Override
    public CompletionStage<Boolean> decideAsync(int caller, String key) {
        return redisson.getRateLimiter("rrl:" + key).tryAcquireAsync();
    }

    @Override
    public void close() {
        RedissonClients.close(redisson);
    }
}
