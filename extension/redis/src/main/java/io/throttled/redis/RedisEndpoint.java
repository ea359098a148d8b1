package io.throttled.redis;

import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.HostAndPort;

/**
 * Where the Redis servers are, each topology read from its own settings and naming them in its errors: one
 * server by URL ({@link StandaloneEndpoint}), a Cluster by seed nodes ({@link ClusterEndpoint}) or a master found
 * through Sentinel ({@link SentinelEndpoint}).
 */
sealed interface RedisEndpoint permits StandaloneEndpoint, ClusterEndpoint, SentinelEndpoint {

    RedisSettings.Topology topology();

    /** {@return the Cluster seed nodes or the Sentinels; empty for one server} */
    List<HostAndPort> nodes();

    /** {@return where this connects, without secrets: for logs} */
    String describe(ServerAccess access);

    /** {@code host:port,host:port}; each entry that is not one is an error naming the setting. */
    static List<HostAndPort> parseNodes(String text, String setting, List<String> errors) {
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
}
