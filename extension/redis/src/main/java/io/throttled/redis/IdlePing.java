package io.throttled.redis;

import io.throttled.core.ExtensionThreads;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.Connection;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.RedisSentinelClient;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.util.Pool;

/**
 * PINGs the connections idle in a client's pools, on a thread of its own, every interval. Redis' {@code timeout}, a
 * NAT or a load balancer may close a connection nobody used for a while; the next decision to borrow it would fail
 * (to the failure mode), and is not sent again, since a call that failed after its command was written may have run.
 * A PING that fails drops the connection before a decision finds it; one that answers keeps the connection from
 * looking idle to Redis and to the network between.
 *
 * <p>The pool's own eviction test does the work ({@code testWhileIdle}, every idle connection per run, see
 * {@link RedisConnections}); only its timer is ours: commons-pool's evictor thread would carry the application's
 * class loader and outlive a redeploy until its own shutdown timeout.
 */
final class IdlePing implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(IdlePing.class.getName());
    /** Nothing to ping: a client built elsewhere, or the PING turned off. */
    static final IdlePing OFF = new IdlePing(null, null);

    private final UnifiedJedis jedis;
    private final ScheduledExecutorService timer;

    private IdlePing(UnifiedJedis jedis, ScheduledExecutorService timer) {
        this.jedis = jedis;
        this.timer = timer;
    }

    /**
     * Starts PINGing the client's idle connections.
     *
     * @param jedis a client from {@link RedisConnections#open}, its pools set up to test idle connections
     * @param every how often; zero for never
     * @return what to close with the client
     */
    static IdlePing start(UnifiedJedis jedis, Duration every) {
        if (every.isZero()) {
            return OFF;
        }
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
                ExtensionThreads.factory("throttled-redis-idle-ping"));
        IdlePing ping = new IdlePing(jedis, timer);
        long millis = Math.max(1, every.toMillis());
        timer.scheduleWithFixedDelay(ping::run, millis, millis, TimeUnit.MILLISECONDS);
        return ping;
    }

    /** PINGs every connection idle now, in every pool of the client; those that fail are closed and dropped. */
    void run() {
        for (Pool<Connection> pool : pools(jedis)) {
            try {
                pool.evict();
                if (pool.getMinIdle() > 0) {
                    pool.preparePool();   // what commons-pool's evictor does after a run: refill to min-idle
                }
            } catch (Exception e) {
                // a pool closed meanwhile (a Cluster node forgotten, the client closing) or Redis down: the next run tries again
                LOG.log(System.Logger.Level.DEBUG, "throttled: PING of idle Redis connections failed: {0}", e.toString());
            }
        }
    }

    /** {@return the client's pools: one for a server or a Sentinel master, one per node of a Cluster} */
    static List<Pool<Connection>> pools(UnifiedJedis jedis) {
        List<Pool<Connection>> pools = new ArrayList<>();
        if (jedis instanceof RedisClient server) {
            pools.add(server.getPool());
        } else if (jedis instanceof RedisClusterClient cluster) {
            pools.addAll(cluster.getClusterNodes().values());   // read each run: nodes come and go
        } else if (jedis instanceof RedisSentinelClient sentinel) {
            pools.addAll(sentinel.getPrimaryNodesConnectionMap().values());   // the master now, after any failover
        }
        return pools;
    }

    /** Stops the thread, waiting for a PING in flight (it ends within the command timeout). */
    @Override
    public void close() {
        if (timer == null) {
            return;
        }
        ExtensionThreads.stop(timer, "the thread that PINGs idle Redis connections", Duration.ofSeconds(10));
    }
}
