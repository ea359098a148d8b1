package io.throttled.bench;

import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.distributed.proxy.ProxyManager;
import io.github.bucket4j.redis.redisson.Bucket4jRedisson;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.redisson.Redisson;

/** Bucket4j 8.17 on Redisson (compare-and-swap), through Redisson's command executor as Bucket4j's docs show. */
final class Bucket4jRedissonClient implements PeerClient {
    private static final CompletableFuture<BucketConfiguration> READY =
            CompletableFuture.completedFuture(Bucket4jBench.CONFIGURATION);

    private final Redisson redisson;
    private final ProxyManager<String> buckets;

    Bucket4jRedissonClient(int port, PeerSetting setting) {
        this.redisson = RedissonClients.open(port, setting);
        this.buckets = Bucket4jRedisson.casBasedBuilder(redisson.getCommandExecutor()).build();
    }

    @Override
    public boolean decide(int caller, String key) {
        return buckets.builder().build("b4jr:" + key, () -> Bucket4jBench.CONFIGURATION).tryConsume(1);
    }

    @Override
    public CompletionStage<Boolean> decideAsync(int caller, String key) {
        return buckets.asAsync().builder().build("b4jr:" + key, () -> READY).tryConsume(1);
    }

    @Override
    public void close() {
        RedissonClients.close(redisson);
    }
}
