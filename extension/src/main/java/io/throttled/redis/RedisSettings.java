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
    public enum Topology { STANDALONE, CLUSTER, SENTINEL }

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
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Settings for one server at this URL, everything else at its default. */
    public static RedisSettings ofUrl(String url) {
        return builder().url(url).build();
    }

    private static URI parseUrl(String text, List<String> errors) {
        try {
            URI uri = new URI(text.trim());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("redis") && !scheme.equals("rediss")) {
                errors.add("throttled.redis.url '" + text + "' must start with redis:// or rediss://");
                return null;
            }
            if (uri.getHost() == null) {
                errors.add("throttled.redis.url '" + text + "' names no host; e.g. redis://localhost:6379");
                return null;
            }
            return uri;
        } catch (URISyntaxException e) {
            errors.add("throttled.redis.url '" + text + "' is not a URL: " + e.getReason()
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

    public Topology topology() {
        return topology;
    }

    /** The server of a standalone topology. */
    public HostAndPort server() {
        return new HostAndPort(url.getHost(), url.getPort() < 0 ? 6379 : url.getPort());
    }

    /** Cluster seed nodes or Sentinel nodes. */
    public List<HostAndPort> nodes() {
        return nodes;
    }

    public String sentinelMaster() {
        return sentinelMaster;
    }

    public String username() {
        return username;
    }

    public String password() {
        return password;
    }

    public int database() {
        return database;
    }

    public boolean tls() {
        return tls;
    }

    public Path truststore() {
        return truststore;
    }

    public String truststorePassword() {
        return truststorePassword;
    }

    public String truststoreType() {
        return truststoreType;
    }

    public String sentinelUsername() {
        return sentinelUsername;
    }

    public String sentinelPassword() {
        return sentinelPassword;
    }

    public Duration connectTimeout() {
        return connectTimeout;
    }

    public Duration commandTimeout() {
        return commandTimeout;
    }

    public int poolMaxTotal() {
        return poolMaxTotal;
    }

    public int poolMaxIdle() {
        return poolMaxIdle;
    }

    public int poolMinIdle() {
        return poolMinIdle;
    }

    public Duration poolMaxWait() {
        return poolMaxWait;
    }

    /** Where this connects, without secrets: for logs. */
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

        private Builder() {
        }

        /** {@code redis://[user[:password]@]host[:port][/database]}, or {@code rediss://} for TLS. */
        public Builder url(String value) {
            this.url = value;
            return this;
        }

        /** Redis Cluster seed nodes, {@code host:port,host:port}. */
        public Builder cluster(String seeds) {
            this.cluster = seeds;
            return this;
        }

        /** The master's name and the Sentinel nodes, {@code host:port,host:port}. */
        public Builder sentinel(String masterName, String nodes) {
            this.sentinelMaster = masterName;
            this.sentinelNodes = nodes;
            return this;
        }

        public Builder username(String value) {
            this.username = value;
            return this;
        }

        public Builder password(String value) {
            this.password = value;
            return this;
        }

        public Builder database(int value) {
            this.database = value;
            return this;
        }

        public Builder tls(boolean value) {
            this.tls = value;
            return this;
        }

        /** A truststore for the server's certificate, when the JVM's default one does not hold it. */
        public Builder truststore(Path path, String storePassword, String type) {
            this.truststore = path;
            this.truststorePassword = storePassword;
            this.truststoreType = type == null ? "PKCS12" : type;
            return this;
        }

        public Builder sentinelCredentials(String user, String secret) {
            this.sentinelUsername = user;
            this.sentinelPassword = secret;
            return this;
        }

        public Builder connectTimeout(Duration value) {
            this.connectTimeout = value;
            return this;
        }

        /** How long one command may take before it fails. */
        public Builder commandTimeout(Duration value) {
            this.commandTimeout = value;
            return this;
        }

        public Builder pool(int maxTotal, int maxIdle, int minIdle, Duration maxWait) {
            this.poolMaxTotal = maxTotal;
            this.poolMaxIdle = maxIdle;
            this.poolMinIdle = minIdle;
            this.poolMaxWait = maxWait;
            return this;
        }

        /**
         * @throws IllegalArgumentException naming every bad setting
         */
        public RedisSettings build() {
            return new RedisSettings(this);
        }
    }
}
