package io.throttled.bench;

import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;

/** Redisson at one setting: a pool of {@code connections}, all opened up front, and its Netty threads. */
final class RedissonClients {
    private RedissonClients() {
    }

    static Redisson open(int port, PeerSetting setting) {
        Config config = new Config();
        config.setNettyThreads(setting.ioThreads());
        config.useSingleServer().setAddress("redis://127.0.0.1:" + port)
                .setConnectionPoolSize(setting.connections())
                .setConnectionMinimumIdleSize(setting.connections())
                .setSubscriptionConnectionMinimumIdleSize(0)
                .setTimeout(10_000);
        return (Redisson) Redisson.create(config);
    }

    static void close(RedissonClient redisson) {
        redisson.shutdown(0, 5, java.util.concurrent.TimeUnit.SECONDS);
    }
}
