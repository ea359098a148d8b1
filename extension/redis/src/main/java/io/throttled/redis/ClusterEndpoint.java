package io.throttled.redis;

import java.util.List;
import redis.clients.jedis.HostAndPort;

/**
 * A Redis Cluster by its seed nodes ({@value RedisConfigKeys#CLUSTER}); the client finds the other masters from
 * them. A Cluster has only database 0.
 *
 * @param seeds the seed nodes
 */
record ClusterEndpoint(List<HostAndPort> seeds) implements RedisEndpoint {

    /** {@return the seed nodes read}, each bad one and any database but 0 added to the errors */
    static ClusterEndpoint read(String seeds, int database, List<String> errors) {
        List<HostAndPort> nodes = RedisEndpoint.parseNodes(seeds, RedisConfigKeys.CLUSTER, errors);
        if (database != 0) {
            errors.add("Redis Cluster has only database 0 (" + RedisConfigKeys.DATABASE + "=" + database + ")");
        }
        return new ClusterEndpoint(nodes);
    }

    @Override
    public RedisSettings.Topology topology() {
        return RedisSettings.Topology.CLUSTER;
    }

    @Override
    public List<HostAndPort> nodes() {
        return seeds;
    }

    @Override
    public String describe(ServerAccess access) {
        return "Redis Cluster via " + seeds;
    }
}
