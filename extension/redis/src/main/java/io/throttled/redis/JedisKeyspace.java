package io.throttled.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Connection;
import redis.clients.jedis.ConnectionPool;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * {@link RedisKeyspace} over a Jedis 8 client. On a cluster the cursor is {@code <node>:<cursor>}: the
 * masters are scanned one after the other, in address order.
 */
public final class JedisKeyspace implements RedisKeyspace {
    private final UnifiedJedis jedis;

    public JedisKeyspace(UnifiedJedis jedis) {
        this.jedis = jedis;
    }

    @Override
    public Page scan(String cursor, String pattern, int count) {
        ScanParams params = new ScanParams().match(pattern).count(count);
        if (!(jedis instanceof RedisClusterClient cluster)) {
            ScanResult<String> result = jedis.scan(cursor, params);
            return new Page(result.getResult(), result.getCursor());
        }
        List<String> masters = masters(cluster);
        int node = 0;
        String nodeCursor = ScanParams.SCAN_POINTER_START;
        if (!cursor.equals(ScanParams.SCAN_POINTER_START)) {
            int colon = cursor.indexOf(':');
            node = Integer.parseInt(cursor.substring(0, colon));
            nodeCursor = cursor.substring(colon + 1);
        }
        if (node >= masters.size()) {
            return new Page(List.of(), ScanParams.SCAN_POINTER_START);
        }
        try (Connection connection = cluster.getClusterNodes().get(masters.get(node)).getResource()) {
            ScanResult<String> result = new Jedis(connection).scan(nodeCursor, params);
            String next;
            if (!result.isCompleteIteration()) {
                next = node + ":" + result.getCursor();
            } else {
                next = node + 1 < masters.size() ? (node + 1) + ":0" : ScanParams.SCAN_POINTER_START;
            }
            return new Page(result.getResult(), next);
        }
    }

    @Override
    public long unlink(List<String> keys) {
        if (keys.isEmpty()) {
            return 0;
        }
        if (!(jedis instanceof RedisClusterClient)) {
            return jedis.unlink(keys.toArray(String[]::new));
        }
        List<Response<Long>> replies = new ArrayList<>(keys.size());
        try (AbstractPipeline pipeline = jedis.pipelined()) {
            keys.forEach(key -> replies.add(pipeline.unlink(key)));   // one key each: keys may sit in any slot
            pipeline.sync();
        }
        return replies.stream().mapToLong(Response::get).sum();
    }

    @Override
    public boolean ping() {
        try {
            if (jedis instanceof RedisClusterClient cluster) {
                for (String master : masters(cluster)) {
                    try (Connection connection = cluster.getClusterNodes().get(master).getResource()) {
                        if (!connection.ping()) {
                            return false;
                        }
                    }
                }
                return true;
            }
            return "PONG".equals(jedis.ping());
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** The masters' addresses, sorted, so a cursor names the same node from call to call. */
    private static List<String> masters(RedisClusterClient cluster) {
        Map<String, ConnectionPool> nodes = new TreeMap<>(cluster.getClusterNodes());
        List<String> masters = new ArrayList<>();
        for (Map.Entry<String, ConnectionPool> node : nodes.entrySet()) {
            try (Connection connection = node.getValue().getResource()) {
                if (new Jedis(connection).info("replication").contains("role:master")) {
                    masters.add(node.getKey());
                }
            } catch (RuntimeException unreachable) {
                // a node that does not answer holds no slots we can scan now
            }
        }
        return masters;
    }
}
