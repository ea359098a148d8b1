package io.throttled.redis;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.HashSet;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.ClientSetInfoConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.RedisSentinelClient;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.providers.ClusterConnectionProvider;

/** Opens a Jedis 8 client for {@link RedisSettings}: standalone, Cluster or Sentinel. */
public final class RedisConnections {
    /** Redirections a Cluster call follows (MOVED, then ASK while a slot migrates) before it gives up: Jedis' default. */
    private static final int CLUSTER_ATTEMPTS = 5;

    private RedisConnections() {
    }

    /**
     * Opens a client for the settings' topology, its pool and timeouts; its threads hold no application
     * class loader.
     *
     * @param settings where Redis is and how to talk to it
     * @return the client; the caller closes it
     */
    public static UnifiedJedis open(RedisSettings settings) {
        // Jedis starts threads of its own for some topologies (a listener per Sentinel); they inherit the
        // context class loader, and must not hold the application's.
        Thread current = Thread.currentThread();
        ClassLoader application = current.getContextClassLoader();
        current.setContextClassLoader(null);
        try {
            return build(settings);
        } finally {
            current.setContextClassLoader(application);
        }
    }

    private static UnifiedJedis build(RedisSettings settings) {
        DefaultJedisClientConfig config = clientConfig(settings);
        GenericObjectPoolConfig<Connection> pool = poolConfig(settings);
        switch (settings.topology()) {
            case STANDALONE:
                return RedisClient.builder().hostAndPort(settings.server()).clientConfig(config).poolConfig(pool)
                        .build();
            case CLUSTER:
                // Jedis' own pieces, but for an executor that never sends a command twice (SendOnceClusterExecutor)
                ClusterConnectionProvider provider = new ClusterConnectionProvider(new HashSet<>(settings.nodes()),
                        config, pool);
                return RedisClusterClient.builder().nodes(new HashSet<>(settings.nodes())).clientConfig(config)
                        .poolConfig(pool).connectionProvider(provider).commandExecutor(new SendOnceClusterExecutor(
                                provider, CLUSTER_ATTEMPTS, settings.commandTimeout().multipliedBy(CLUSTER_ATTEMPTS)))
                        .build();
            case SENTINEL:
                DefaultJedisClientConfig sentinelConfig = DefaultJedisClientConfig.builder()
                        .connectionTimeoutMillis(millis(settings.connectTimeout()))
                        .socketTimeoutMillis(Math.max(millis(settings.commandTimeout()), 1000))
                        .user(settings.sentinelUsername()).password(settings.sentinelPassword())
                        .build();
                return RedisSentinelClient.builder().masterName(settings.sentinelMaster())
                        .sentinels(new HashSet<>(settings.nodes())).clientConfig(config)
                        .sentinelClientConfig(sentinelConfig).poolConfig(pool).build();
            default:
                throw new IllegalStateException("unknown topology " + settings.topology());
        }
    }

    /**
     * Opens the client and wraps it for the limiter.
     *
     * @param settings where Redis is and how to talk to it
     * @return the client, for {@link RedisRateLimiter#builder}
     */
    public static JedisScripting scripting(RedisSettings settings) {
        UnifiedJedis jedis = open(settings);
        return new JedisScripting(jedis, IdlePing.start(jedis, settings.poolIdlePing()));
    }

    private static DefaultJedisClientConfig clientConfig(RedisSettings settings) {
        // A new connection's hand-shake is one command (CLIENT SETNAME): protocol negotiation and CLIENT
        // SETINFO would each wait the command timeout again when Redis hangs.
        DefaultJedisClientConfig.Builder builder = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(millis(settings.connectTimeout()))
                .socketTimeoutMillis(millis(settings.commandTimeout()))
                .user(settings.username())
                .password(settings.password())
                .database(settings.database())
                .clientName("throttled")
                .resp2()
                .clientSetInfoConfig(ClientSetInfoConfig.DISABLED)
                .ssl(settings.tls());
        if (settings.tls()) {
            // The JDK checks the certificate chain but not the host name unless told to.
            SSLParameters verifyHost = new SSLParameters();
            verifyHost.setEndpointIdentificationAlgorithm("HTTPS");
            builder.sslParameters(verifyHost);
            if (settings.truststore() != null) {
                builder.sslSocketFactory(socketFactory(settings));
            }
        }
        return builder.build();
    }

    private static GenericObjectPoolConfig<Connection> poolConfig(RedisSettings settings) {
        GenericObjectPoolConfig<Connection> pool = new GenericObjectPoolConfig<>();
        pool.setMaxTotal(settings.poolMaxTotal());
        pool.setMaxIdle(settings.poolMaxIdle());
        pool.setMinIdle(settings.poolMinIdle());
        pool.setBlockWhenExhausted(true);
        pool.setMaxWait(settings.poolMaxWait());
        pool.setJmxEnabled(false);
        if (!settings.poolIdlePing().isZero()) {
            // IdlePing runs the pool's eviction test: a PING of every idle connection (never commons-pool's own timer)
            pool.setTestWhileIdle(true);
            pool.setNumTestsPerEvictionRun(-1);   // -n tests 1/n of the idle connections: all of them
        }
        return pool;
    }

    private static SSLSocketFactory socketFactory(RedisSettings settings) {
        try (InputStream in = Files.newInputStream(settings.truststore())) {
            KeyStore store = KeyStore.getInstance(settings.truststoreType());
            char[] secret = settings.truststorePassword() == null ? null : settings.truststorePassword().toCharArray();
            store.load(in, secret);
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(store);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context.getSocketFactory();
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException(RedisConfigKeys.TRUSTSTORE + "=" + settings.truststore()
                    + " cannot be used: " + e.getMessage(), e);
        }
    }

    private static int millis(java.time.Duration duration) {
        return (int) Math.min(Integer.MAX_VALUE, duration.toMillis());
    }
}
