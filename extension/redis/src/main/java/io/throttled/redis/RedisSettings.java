package io.throttled.redis;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import redis.clients.jedis.HostAndPort;

/**
 * Where Redis is and how to talk to it: one server by URL, a Cluster by seed nodes, or a master found
 * through Sentinel. Messages name each setting by its MicroProfile Config key.
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

    private final Topology topology;
    private final URI url;
    private final List<HostAndPort> nodes;
    private final String sentinelMaster;
    private final String username;
    private final String password;
    private final int database;
    private final boolean tls;
    private final Path truststore;
    private final String truststorePassword;
    private final String truststoreType;
    private final String sentinelUsername;
    private final String sentinelPassword;
    private final Duration connectTimeout;
    private final Duration commandTimeout;
    private final int poolMaxTotal;
    private final int poolMaxIdle;
    private final int poolMinIdle;
    private final Duration poolMaxWait;
    private final Duration poolIdlePing;

    private RedisSettings(Builder b) {
        List<String> errors = new ArrayList<>();
        int sources = (b.url != null ? 1 : 0) + (b.cluster != null ? 1 : 0) + (b.sentinelMaster != null ? 1 : 0);
        if (sources != 1) {
            errors.add("set exactly one of throttled.redis.url, throttled.redis.cluster or "
                    + "throttled.redis.sentinel.master (found " + sources + ")");
        }
        if (b.sentinelMaster != null && b.sentinelNodes == null) {
            errors.add("throttled.redis.sentinel.nodes is required with throttled.redis.sentinel.master");
        }
        URI uri = null;
        String user = b.username;
        String pass = b.password;
        int db = b.database;
        boolean ssl = b.tls;
        if (b.url != null) {
            uri = parseUrl(b.url, errors);
            if (uri != null) {
                String[] info = uri.getUserInfo() == null ? new String[0] : uri.getUserInfo().split(":", 2);
                if (info.length == 2 && !info[1].isEmpty()) {
                    if (pass != null) {
                        errors.add("the password is given both in throttled.redis.url and throttled.redis.password;"
                                + " keep one");
                    }
                    pass = info[1];
                }
                if (info.length > 0 && !info[0].isEmpty()) {
                    user = info[0];
                }
                String path = uri.getPath() == null ? "" : uri.getPath().replaceFirst("^/", "");
                if (!path.isEmpty()) {
                    db = parseDatabase(path, "throttled.redis.url", errors);
                }
                ssl = ssl || uri.getScheme().equalsIgnoreCase("rediss");
            }
        }
        List<HostAndPort> hosts = List.of();
        if (b.cluster != null) {
            hosts = parseNodes(b.cluster, "throttled.redis.cluster", errors);
            if (db != 0) {
                errors.add("Redis Cluster has only database 0 (throttled.redis.database=" + db + ")");
            }
        } else if (b.sentinelNodes != null) {
            hosts = parseNodes(b.sentinelNodes, "throttled.redis.sentinel.nodes", errors);
        }
        positive(b.connectTimeout, "throttled.redis.connect-timeout", errors);
        positive(b.commandTimeout, "throttled.redis.timeout", errors);
        positive(b.poolMaxWait, "throttled.redis.pool.max-wait", errors);
        if (b.poolIdlePing == null || b.poolIdlePing.isNegative()) {
            errors.add("throttled.redis.pool.idle-ping=" + b.poolIdlePing + " must be a duration of 0 (off) or more");
        }
        if (b.poolMaxTotal < 1) {
            errors.add("throttled.redis.pool.max-total=" + b.poolMaxTotal + " must be at least 1");
        }
        if (b.poolMinIdle < 0 || b.poolMinIdle > b.poolMaxIdle || b.poolMaxIdle > b.poolMaxTotal) {
            errors.add("pool sizes must satisfy 0 <= throttled.redis.pool.min-idle (" + b.poolMinIdle
                    + ") <= throttled.redis.pool.max-idle (" + b.poolMaxIdle + ") <= throttled.redis.pool.max-total ("
                    + b.poolMaxTotal + ")");
        }
        if (db < 0) {
            errors.add("throttled.redis.database=" + db + " must be 0 or more");
        }
        if (b.truststore != null && !b.truststore.toFile().canRead()) {
            errors.add("throttled.redis.tls.truststore=" + b.truststore + " cannot be read");
        }
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException("invalid Redis settings: " + String.join("; ", errors));
        }
        this.topology = b.url != null ? Topology.STANDALONE : b.cluster != null ? Topology.CLUSTER : Topology.SENTINEL;
        this.url = uri;
        this.nodes = hosts;
        this.sentinelMaster = b.sentinelMaster;
        this.username = user;
        this.password = pass;
        this.database = db;
        this.tls = ssl;
        this.truststore = b.truststore;
        this.truststorePassword = b.truststorePassword;
        this.truststoreType = b.truststoreType;
        this.sentinelUsername = b.sentinelUsername;
        this.sentinelPassword = b.sentinelPassword;
        this.connectTimeout = b.connectTimeout;
        this.commandTimeout = b.commandTimeout;
        this.poolMaxTotal = b.poolMaxTotal;
        this.poolMaxIdle = b.poolMaxIdle;
        this.poolMinIdle = b.poolMinIdle;
        this.poolMaxWait = b.poolMaxWait;
        this.poolIdlePing = b.poolIdlePing;
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

    /** A URL as messages show it: any user and password replaced by {@code ***}, so no log line carries them. */
    static String redacted(String url) {
        return url.replaceAll("(?<=://)[^/?#]*@", "***@");
    }

    private static URI parseUrl(String text, List<String> errors) {
        try {
            URI uri = new URI(text.trim());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("redis") && !scheme.equals("rediss")) {
                errors.add("throttled.redis.url '" + redacted(text) + "' must start with redis:// or rediss://");
                return null;
            }
            if (uri.getHost() == null) {
                errors.add("throttled.redis.url '" + redacted(text) + "' names no host; e.g. redis://localhost:6379");
                return null;
            }
            return uri;
        } catch (URISyntaxException e) {
            errors.add("throttled.redis.url '" + redacted(text) + "' is not a URL: " + e.getReason()
                    + "; e.g. redis://user:password@localhost:6379/0");
            return null;
        }
    }

    private static int parseDatabase(String text, String setting, List<String> errors) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            errors.add(setting + ": database '" + text + "' must be a number");
            return 0;
        }
    }

    private static List<HostAndPort> parseNodes(String text, String setting, List<String> errors) {
        List<HostAndPort> nodes = new ArrayList<>();
        for (String part : text.split(",")) {
            String node = part.trim();
            int colon = node.lastIndexOf(':');
            try {
                if (colon <= 0) {
                    throw new NumberFormatException();
                }
                String host = node.substring(0, colon).replaceAll("^\\[|]$", "");
                int port = Integer.parseInt(node.substring(colon + 1));
                if (port < 1 || port > 65535) {
                    throw new NumberFormatException();
                }
                nodes.add(new HostAndPort(host, port));
            } catch (NumberFormatException e) {
                errors.add(setting + ": '" + node + "' is not host:port");
            }
        }
        return List.copyOf(nodes);
    }

    private static void positive(Duration value, String setting, List<String> errors) {
        if (value == null || value.isNegative() || value.isZero()) {
            errors.add(setting + "=" + value + " must be a positive duration");
        }
    }

    /** {@return how the servers are found} */
    public Topology topology() {
        return topology;
    }

    /** {@return the server of a standalone topology} */
    public HostAndPort server() {
        return new HostAndPort(url.getHost(), url.getPort() < 0 ? 6379 : url.getPort());
    }

    /** {@return the Cluster seed nodes or the Sentinel nodes; empty for a standalone server} */
    public List<HostAndPort> nodes() {
        return nodes;
    }

    /** {@return the name of the master Sentinel watches, or null} */
    public String sentinelMaster() {
        return sentinelMaster;
    }

    /** {@return the user to authenticate as, or null} */
    public String username() {
        return username;
    }

    /** {@return the password, or null} */
    public String password() {
        return password;
    }

    /** {@return the database number (always 0 on a Cluster)} */
    public int database() {
        return database;
    }

    /** {@return whether connections use TLS} */
    public boolean tls() {
        return tls;
    }

    /** {@return the truststore for the server's certificate, or null for the JVM's} */
    public Path truststore() {
        return truststore;
    }

    /** {@return the truststore's password, or null} */
    public String truststorePassword() {
        return truststorePassword;
    }

    /** {@return the truststore's type ({@code PKCS12} unless set)} */
    public String truststoreType() {
        return truststoreType;
    }

    /** {@return the user to authenticate to the Sentinels as, or null} */
    public String sentinelUsername() {
        return sentinelUsername;
    }

    /** {@return the Sentinels' password, or null} */
    public String sentinelPassword() {
        return sentinelPassword;
    }

    /** {@return how long opening a connection may take} */
    public Duration connectTimeout() {
        return connectTimeout;
    }

    /** {@return how long one command may take before it fails} */
    public Duration commandTimeout() {
        return commandTimeout;
    }

    /** {@return the most connections in the pool} */
    public int poolMaxTotal() {
        return poolMaxTotal;
    }

    /** {@return the most idle connections kept} */
    public int poolMaxIdle() {
        return poolMaxIdle;
    }

    /** {@return the fewest idle connections kept} */
    public int poolMinIdle() {
        return poolMinIdle;
    }

    /** {@return how long a call waits for a connection from the pool} */
    public Duration poolMaxWait() {
        return poolMaxWait;
    }

    /** {@return how often the connections idle in the pool are PINGed; zero when they are not} */
    public Duration poolIdlePing() {
        return poolIdlePing;
    }

    /** {@return where this connects, without secrets: for logs} */
    public String describe() {
        switch (topology) {
            case STANDALONE:
                return (tls ? "rediss://" : "redis://") + server() + "/" + database;
            case CLUSTER:
                return "Redis Cluster via " + nodes;
            default:
                return "Sentinel master '" + sentinelMaster + "' via " + nodes;
        }
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
        private Duration commandTimeout = Duration.ofMillis(50);
        private int poolMaxTotal = 32;
        private int poolMaxIdle = 32;
        private int poolMinIdle = 0;   // above 0, the pool re-creates a broken connection in the failing caller's thread
        private Duration poolMaxWait = Duration.ofMillis(50);
        private Duration poolIdlePing = Duration.ofSeconds(30);

        private Builder() {
        }

        /**
         * Sets one server by URL ({@code throttled.redis.url}).
         *
         * @param value {@code redis://[user[:password]@]host[:port][/database]}, or {@code rediss://} for TLS
         * @return this builder
         */
        public Builder url(String value) {
            this.url = value;
            return this;
        }

        /**
         * Sets a Redis Cluster by its seed nodes ({@code throttled.redis.cluster}).
         *
         * @param seeds {@code host:port,host:port}
         * @return this builder
         */
        public Builder cluster(String seeds) {
            this.cluster = seeds;
            return this;
        }

        /**
         * Sets a master found through Sentinel ({@code throttled.redis.sentinel.master}, {@code .nodes}).
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
         * Sets how long one command may take before it fails (50 ms unless set).
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
