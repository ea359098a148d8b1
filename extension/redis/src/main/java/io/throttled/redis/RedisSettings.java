package io.throttled.redis;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.HostAndPort;

/**
 * Where Redis is and how to talk to it: one server by URL, a Cluster by seed nodes, or a master found
 * through Sentinel. Messages name each setting by its MicroProfile Config key ({@link RedisConfigKeys}).
 *
 * <p>One class over 250 lines because it is the settings' public API, a builder and an accessor per setting;
 * each topology's settings are read and checked by its own part (StandaloneEndpoint, ClusterEndpoint,
 * SentinelEndpoint), and those of every topology by ServerAccess and ConnectionLimits.
 */
public final class RedisSettings {

    /** How the servers are found. */
    public enum Topology {
        /** One server, by URL. */
        STANDALONE,
        /** A Redis Cluster, by seed nodes. */
        CLUSTER,
        /** A master found through Sentinel. */
        SENTINEL
    }

    private final RedisEndpoint endpoint;
    private final ServerAccess access;
    private final ConnectionLimits limits;

    private RedisSettings(Builder b) {
        List<String> errors = new ArrayList<>();
        int sources = (b.url != null ? 1 : 0) + (b.cluster != null ? 1 : 0) + (b.sentinelMaster != null ? 1 : 0);
        if (sources != 1) {
            errors.add("set exactly one of " + RedisConfigKeys.URL + ", " + RedisConfigKeys.CLUSTER + " or "
                    + RedisConfigKeys.SENTINEL_MASTER + " (found " + sources + ")");
        }
        ServerAccess given = new ServerAccess(b.username, b.password, b.database, b.tls, b.truststore,
                b.truststorePassword, b.truststoreType);
        // each topology that is set reads its own settings (more than one is the error above)
        StandaloneEndpoint server = b.url == null ? null : StandaloneEndpoint.read(b.url, errors);
        ServerAccess access = server == null ? given : server.access(given, errors);
        ClusterEndpoint cluster = b.cluster == null ? null : ClusterEndpoint.read(b.cluster, access.database(), errors);
        SentinelEndpoint sentinel = b.sentinelMaster == null ? null : SentinelEndpoint.read(b.sentinelMaster,
                b.sentinelNodes, b.sentinelUsername, b.sentinelPassword, errors);
        ConnectionLimits limits = new ConnectionLimits(b.connectTimeout, b.commandTimeout, b.poolMaxTotal,
                b.poolMaxIdle, b.poolMinIdle, b.poolMaxWait, b.poolIdlePing);
        limits.check(errors);
        access.check(errors);
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException("invalid Redis settings: " + String.join("; ", errors));
        }
        this.endpoint = server != null ? server : cluster != null ? cluster : sentinel;
        this.access = access;
        this.limits = limits;
    }

    /** {@return a builder with every setting at its default} */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Settings for one server at this URL, everything else at its default.
     *
     * @param url {@code redis://[user[:password]@]host[:port][/database]}, or {@code rediss://} for TLS
     * @return the settings
     * @throws IllegalArgumentException when the URL is not a Redis URL
     */
    public static RedisSettings ofUrl(String url) {
        return builder().url(url).build();
    }

    /** {@return how the servers are found} */
    public Topology topology() {
        return endpoint.topology();
    }

    /**
     * {@return the server of a standalone topology}
     *
     * @throws IllegalStateException for the other topologies, which name several servers ({@link #nodes})
     */
    public HostAndPort server() {
        if (endpoint instanceof StandaloneEndpoint one) {
            return one.server();
        }
        throw new IllegalStateException("no single server: " + describe());
    }

    /** {@return the Cluster seed nodes or the Sentinel nodes; empty for a standalone server} */
    public List<HostAndPort> nodes() {
        return endpoint.nodes();
    }

    /** {@return the name of the master Sentinel watches, or null} */
    public String sentinelMaster() {
        return endpoint instanceof SentinelEndpoint sentinel ? sentinel.master() : null;
    }

    /** {@return the user to authenticate as, or null} */
    public String username() {
        return access.username();
    }

    /** {@return the password, or null} */
    public String password() {
        return access.password();
    }

    /** {@return the database number (always 0 on a Cluster)} */
    public int database() {
        return access.database();
    }

    /** {@return whether connections use TLS} */
    public boolean tls() {
        return access.tls();
    }

    /** {@return the truststore for the server's certificate, or null for the JVM's} */
    public Path truststore() {
        return access.truststore();
    }

    /** {@return the truststore's password, or null} */
    public String truststorePassword() {
        return access.truststorePassword();
    }

    /** {@return the truststore's type ({@code PKCS12} unless set)} */
    public String truststoreType() {
        return access.truststoreType();
    }

    /** {@return the user to authenticate to the Sentinels as, or null (always for the other topologies)} */
    public String sentinelUsername() {
        return endpoint instanceof SentinelEndpoint sentinel ? sentinel.username() : null;
    }

    /** {@return the Sentinels' password, or null (always for the other topologies)} */
    public String sentinelPassword() {
        return endpoint instanceof SentinelEndpoint sentinel ? sentinel.password() : null;
    }

    /** {@return how long opening a connection may take} */
    public Duration connectTimeout() {
        return limits.connectTimeout();
    }

    /** {@return how long one command may take before it fails} */
    public Duration commandTimeout() {
        return limits.commandTimeout();
    }

    /** {@return the most connections in the pool} */
    public int poolMaxTotal() {
        return limits.poolMaxTotal();
    }

    /** {@return the most idle connections kept} */
    public int poolMaxIdle() {
        return limits.poolMaxIdle();
    }

    /** {@return the fewest idle connections kept} */
    public int poolMinIdle() {
        return limits.poolMinIdle();
    }

    /** {@return how long a call waits for a connection from the pool} */
    public Duration poolMaxWait() {
        return limits.poolMaxWait();
    }

    /** {@return how often the connections idle in the pool are PINGed; zero when they are not} */
    public Duration poolIdlePing() {
        return limits.poolIdlePing();
    }

    /** {@return where this connects, without secrets: for logs} */
    public String describe() {
        return endpoint.describe(access);
    }

    @Override
    public String toString() {
        return describe();
    }

    /** The settings, each named in messages by its MicroProfile Config key. */
    public static final class Builder {
        private String url;
        private String cluster;
        private String sentinelMaster;
        private String sentinelNodes;
        private String username;
        private String password;
        private int database;
        private boolean tls;
        private Path truststore;
        private String truststorePassword;
        private String truststoreType = "PKCS12";
        private String sentinelUsername;
        private String sentinelPassword;
        private Duration connectTimeout = Duration.ofMillis(500);
        private Duration commandTimeout = Duration.ofMillis(200);   // measured: docs/operations/redis-timeout.md
        private int poolMaxTotal = 32;
        private int poolMaxIdle = 32;
        private int poolMinIdle = 0;   // above 0, the pool re-creates a broken connection in the failing caller's thread
        private Duration poolMaxWait = Duration.ofMillis(50);
        private Duration poolIdlePing = Duration.ofSeconds(30);

        private Builder() {
        }

        /**
         * Sets one server by URL ({@value RedisConfigKeys#URL}).
         *
         * @param value {@code redis://[user[:password]@]host[:port][/database]}, or {@code rediss://} for TLS
         * @return this builder
         */
        public Builder url(String value) {
            this.url = value;
            return this;
        }

        /**
         * Sets a Redis Cluster by its seed nodes ({@value RedisConfigKeys#CLUSTER}).
         *
         * @param seeds {@code host:port,host:port}
         * @return this builder
         */
        public Builder cluster(String seeds) {
            this.cluster = seeds;
            return this;
        }

        /**
         * Sets a master found through Sentinel ({@value RedisConfigKeys#SENTINEL_MASTER},
         * {@value RedisConfigKeys#SENTINEL_NODES}).
         *
         * @param masterName the master's name
         * @param nodes      the Sentinel nodes, {@code host:port,host:port}
         * @return this builder
         */
        public Builder sentinel(String masterName, String nodes) {
            this.sentinelMaster = masterName;
            this.sentinelNodes = nodes;
            return this;
        }

        /**
         * Sets the user to authenticate as (the URL may carry its own).
         *
         * @param value the user
         * @return this builder
         */
        public Builder username(String value) {
            this.username = value;
            return this;
        }

        /**
         * Sets the password (the URL may carry its own; both is an error).
         *
         * @param value the password
         * @return this builder
         */
        public Builder password(String value) {
            this.password = value;
            return this;
        }

        /**
         * Sets the database number (0 unless set; the URL may carry its own).
         *
         * @param value 0 or more
         * @return this builder
         */
        public Builder database(int value) {
            this.database = value;
            return this;
        }

        /**
         * Sets whether connections use TLS ({@code rediss://} URLs always do).
         *
         * @param value whether to use TLS
         * @return this builder
         */
        public Builder tls(boolean value) {
            this.tls = value;
            return this;
        }

        /**
         * Sets a truststore for the server's certificate, when the JVM's default one does not hold it.
         *
         * @param path          the truststore file
         * @param storePassword its password, or null
         * @param type          its type; null for {@code PKCS12}
         * @return this builder
         */
        public Builder truststore(Path path, String storePassword, String type) {
            this.truststore = path;
            this.truststorePassword = storePassword;
            this.truststoreType = type == null ? "PKCS12" : type;
            return this;
        }

        /**
         * Sets the credentials for Sentinels that require auth.
         *
         * @param user the user, or null
         * @param secret the password
         * @return this builder
         */
        public Builder sentinelCredentials(String user, String secret) {
            this.sentinelUsername = user;
            this.sentinelPassword = secret;
            return this;
        }

        /**
         * Sets how long opening a connection may take (500 ms unless set).
         *
         * @param value a positive duration
         * @return this builder
         */
        public Builder connectTimeout(Duration value) {
            this.connectTimeout = value;
            return this;
        }

        /**
         * Sets how long one command may take before it fails (200 ms unless set).
         *
         * @param value a positive duration
         * @return this builder
         */
        public Builder commandTimeout(Duration value) {
            this.commandTimeout = value;
            return this;
        }

        /**
         * Sets the connection pool (32, 32, 0 and 50 ms unless set).
         *
         * @param maxTotal the most connections, at least 1
         * @param maxIdle the most idle connections kept, at most maxTotal
         * @param minIdle the fewest idle connections kept, at most maxIdle
         * @param maxWait how long a call waits for a connection
         * @return this builder
         */
        public Builder pool(int maxTotal, int maxIdle, int minIdle, Duration maxWait) {
            this.poolMaxTotal = maxTotal;
            this.poolMaxIdle = maxIdle;
            this.poolMinIdle = minIdle;
            this.poolMaxWait = maxWait;
            return this;
        }

        /**
         * Sets how often the connections idle in the pool are PINGed (30 s unless set): a connection Redis or
         * the network closed while it was idle is then dropped before a decision finds it, and the PING keeps
         * Redis' {@code timeout} and idle NAT entries from closing the others.
         *
         * @param every a positive duration, or zero for no PING
         * @return this builder
         */
        public Builder idlePing(Duration every) {
            this.poolIdlePing = every;
            return this;
        }

        /**
         * Checks every setting together.
         *
         * @return the settings
         * @throws IllegalArgumentException naming every bad setting
         */
        public RedisSettings build() {
            return new RedisSettings(this);
        }
    }
}
