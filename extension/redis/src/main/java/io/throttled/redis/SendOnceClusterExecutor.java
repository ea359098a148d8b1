package io.throttled.redis;

import java.time.Duration;
import redis.clients.jedis.CommandObject;
import redis.clients.jedis.Connection;
import redis.clients.jedis.exceptions.JedisClusterOperationException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.executors.ClusterCommandExecutor;
import redis.clients.jedis.providers.ClusterConnectionProvider;

/**
 * Jedis' Cluster executor, which follows MOVED and ASK, but sends a command at most once. Jedis sends a command
 * again after any connection failure, a read timeout included: a decision script that ran but answered late would
 * then run again, taking its tokens twice (up to five times), and the caller would wait for every attempt before
 * its failure mode applied. Here a connection failure once the command may have been written ends the call, so the
 * failure mode applies after one command timeout, as on a single server. Redirections, which Redis answers without
 * running the command, are still followed, and so is a connection that cannot be opened (nothing was sent): Jedis
 * then refreshes its slot map and tries again, which is how it finds a replica promoted after its master died
 * (ClusterFailoverTest).
 */
final class SendOnceClusterExecutor extends ClusterCommandExecutor {
    SendOnceClusterExecutor(ClusterConnectionProvider provider, int maxAttempts, Duration maxTotalRetriesDuration) {
        super(provider, maxAttempts, maxTotalRetriesDuration);
    }

    @Override
    protected <T> T execute(Connection connection, CommandObject<T> command) {
        try {
            return super.execute(connection, command);
        } catch (JedisConnectionException e) {
            // Jedis rethrows this type at once, where a JedisConnectionException would start another attempt
            throw new JedisClusterOperationException("no answer from " + connection.getHostAndPort()
                    + " (not sent again: it may have run): " + e.getMessage(), e, connection.getHostAndPort());
        }
    }
}
