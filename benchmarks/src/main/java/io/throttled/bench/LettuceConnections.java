package io.throttled.bench;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Lettuce 7 at one setting: its own I/O threads and {@code connections} multiplexed connections, callers spread over them. */
final class LettuceConnections<V> implements AutoCloseable {
    private final ClientResources resources;
    private final RedisClient client;
    private final List<StatefulRedisConnection<String, V>> connections = new ArrayList<>();

    LettuceConnections(int port, PeerSetting setting, RedisCodec<String, V> codec) {
        this.resources = DefaultClientResources.builder().ioThreadPoolSize(setting.ioThreads())
                .computationThreadPoolSize(setting.ioThreads()).build();
        this.client = RedisClient.create(resources, RedisURI.create("127.0.0.1", port));
        for (int i = 0; i < setting.connections(); i++) {
            connections.add(client.connect(codec));
        }
    }

    StatefulRedisConnection<String, V> of(int caller) {
        return connections.get(caller % connections.size());
    }

    List<StatefulRedisConnection<String, V>> all() {
        return connections;
    }

    @Override
    public void close() {
        connections.forEach(StatefulRedisConnection::close);
        client.shutdown(Duration.ZERO, Duration.ofSeconds(5));
        resources.shutdown(0, 5, TimeUnit.SECONDS).awaitUninterruptibly(10_000);
    }
}
