package io.throttled.redis;

/**
 * The MicroProfile Config keys of the Redis connection, spelled once: {@link RedisSettings} names its settings by
 * them in its messages, and the Jakarta layer reads them (this module cannot depend on that one, so they live here).
 */
public final class RedisConfigKeys {
    /** One server, by URL: {@code redis://[user[:password]@]host[:port][/database]}, {@code rediss://} for TLS. */
    public static final String URL = "throttled.redis.url";
    /** A Redis Cluster, by seed nodes {@code host:port,host:port}. */
    public static final String CLUSTER = "throttled.redis.cluster";
    /** The name of the master Sentinel watches. */
    public static final String SENTINEL_MASTER = "throttled.redis.sentinel.master";
    /** The Sentinels, {@code host:port,host:port}; required with {@link #SENTINEL_MASTER}. */
    public static final String SENTINEL_NODES = "throttled.redis.sentinel.nodes";
    /** The user to authenticate to the Sentinels as. */
    public static final String SENTINEL_USERNAME = "throttled.redis.sentinel.username";
    /** The Sentinels' password. */
    public static final String SENTINEL_PASSWORD = "throttled.redis.sentinel.password";
    /** The user to authenticate to the servers as (a URL may carry its own). */
    public static final String USERNAME = "throttled.redis.username";
    /** The servers' password (a URL may carry its own; both is an error). */
    public static final String PASSWORD = "throttled.redis.password";
    /** The database number (a URL may carry its own; a Cluster has only 0). */
    public static final String DATABASE = "throttled.redis.database";
    /** Whether connections use TLS ({@code rediss://} URLs always do). */
    public static final String TLS = "throttled.redis.tls";
    /** A truststore for the server's certificate, when the JVM's does not hold it. */
    public static final String TRUSTSTORE = "throttled.redis.tls.truststore";
    /** The truststore's password. */
    public static final String TRUSTSTORE_PASSWORD = "throttled.redis.tls.truststore-password";
    /** The truststore's type, {@code PKCS12} unless set. */
    public static final String TRUSTSTORE_TYPE = "throttled.redis.tls.truststore-type";
    /** How long opening a connection may take. */
    public static final String CONNECT_TIMEOUT = "throttled.redis.connect-timeout";
    /** How long one command may take before it fails. */
    public static final String TIMEOUT = "throttled.redis.timeout";
    /** The most connections in the pool. */
    public static final String POOL_MAX_TOTAL = "throttled.redis.pool.max-total";
    /** The most idle connections the pool keeps. */
    public static final String POOL_MAX_IDLE = "throttled.redis.pool.max-idle";
    /** The fewest idle connections the pool keeps. */
    public static final String POOL_MIN_IDLE = "throttled.redis.pool.min-idle";
    /** How long a call waits for a connection from the pool. */
    public static final String POOL_MAX_WAIT = "throttled.redis.pool.max-wait";
    /** How often the connections idle in the pool are PINGed; 0 for never. */
    public static final String POOL_IDLE_PING = "throttled.redis.pool.idle-ping";

    private RedisConfigKeys() {
    }
}
