package io.throttled.redis;

import java.util.List;
import redis.clients.jedis.HostAndPort;

/**
 * A master found through Sentinel ({@value RedisConfigKeys#SENTINEL_MASTER}, {@value RedisConfigKeys#SENTINEL_NODES}),
 * and the credentials of Sentinels that require auth ({@value RedisConfigKeys#SENTINEL_USERNAME},
 * {@value RedisConfigKeys#SENTINEL_PASSWORD}): settings no other topology has.
 *
 * @param master    the name of the master the Sentinels watch
 * @param sentinels the Sentinels
 * @param username  the user to authenticate to the Sentinels as, or null
 * @param password  the Sentinels' password, or null
 */
record SentinelEndpoint(String master, List<HostAndPort> sentinels, String username, String password)
        implements RedisEndpoint {

    /** {@return the master and its Sentinels read}, missing or bad Sentinels added to the errors */
    static SentinelEndpoint read(String master, String nodes, String username, String password, List<String> errors) {
        if (nodes == null) {
            errors.add(RedisConfigKeys.SENTINEL_NODES + " is required with " + RedisConfigKeys.SENTINEL_MASTER);
            return new SentinelEndpoint(master, List.of(), username, password);
        }
        return new SentinelEndpoint(master, RedisEndpoint.parseNodes(nodes, RedisConfigKeys.SENTINEL_NODES, errors),
                username, password);
    }

    @Override
    public RedisSettings.Topology topology() {
        return RedisSettings.Topology.SENTINEL;
    }

    @Override
    public List<HostAndPort> nodes() {
        return sentinels;
    }

    @Override
    public String describe(ServerAccess access) {
        return "Sentinel master '" + master + "' via " + sentinels;
    }

    /** Without the password. */
    @Override
    public String toString() {
        return describe(null);
    }
}
