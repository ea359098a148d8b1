package io.throttled.bench;

import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.distributed.proxy.ProxyManager;
import io.github.bucket4j.redis.lettuce.Bucket4jLettuce;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Bucket4j 8.17 on Lettuce 7 (compare-and-swap), one proxy manager per connection. */
final class Bucket4jLettuceClient implements PeerClient {
    private static final CompletableFuture<BucketConfiguration> READY =
            CompletableFuture.completedFuture(Bucket4jBench.CONFIGURATION);

    private final LettuceConnections<byte[]> lettuce;
    private final List<ProxyManager<String>> buckets = new ArrayList<>();

    Bucket4jLettuceClient(int port, PeerSetting setting) {
        this.lettuce = new LettuceConnections<>(port, setting, RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE));
        lettuce.all().forEach(connection -> buckets.add(Bucket4jLettuce.casBasedBuilder(connection).build()));
    }

    @Override
    public boolean decide(int caller, String key) {
        return buckets.get(caller % buckets.size()).builder()
                .build("b4jl:" + key, () -> Bucket4jBench.CONFIGURATION).tryConsume(1);
    }

    @Override
    public CompletionStage<Boolean> decideAsync(int caller, String key) {
        return buckets.get(caller % buckets.size()).asAsync().builder().build("b4jl:" + key, () -> READY).tryConsume(1);
    }

    @Override
    public void close() {
        lettuce.close();
    }
}
