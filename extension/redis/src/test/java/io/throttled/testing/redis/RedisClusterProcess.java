package io.throttled.testing.redis;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.awaitility.core.ConditionTimeoutException;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

/**
 * A local Redis Cluster of {@code redis-server} processes, formed with {@code redis-cli --cluster create} where
 * the run may use it ({@link RedisBinaries#cli()}), else with cluster commands ({@link ClusterByCommands}).
 */
public final class RedisClusterProcess implements AutoCloseable {
    private final List<RedisProcess> nodes;

    private RedisClusterProcess(List<RedisProcess> nodes) {
        this.nodes = nodes;
    }

    /** Three masters, each with one replica. */
    public static RedisClusterProcess start() {
        return start(3, 1);
    }

    public static RedisClusterProcess start(int masters, int replicasPerMaster) {
        return start(masters, replicasPerMaster, RedisBinaries.cli().isPresent());
    }

    /** Formed by cluster commands even where {@code redis-cli} exists: as on a machine without it. */
    public static RedisClusterProcess startWithoutRedisCli(int masters, int replicasPerMaster) {
        return start(masters, replicasPerMaster, false);
    }

    private static RedisClusterProcess start(int masters, int replicasPerMaster, boolean withRedisCli) {
        List<RedisProcess> nodes = new ArrayList<>();
        try {
            for (int i = 0; i < masters * (1 + replicasPerMaster); i++) {
                nodes.add(RedisProcess.start("--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
                        "--cluster-node-timeout", "2000"));
            }
            RedisClusterProcess cluster = new RedisClusterProcess(nodes);
            if (withRedisCli) {
                cluster.create(replicasPerMaster);
            } else {
                ClusterByCommands.form(nodes, masters);
            }
            cluster.awaitHealthy(Duration.ofSeconds(30));
            return cluster;
        } catch (RuntimeException e) {
            nodes.forEach(RedisProcess::close);
            throw e;
        }
    }

    private void create(int replicasPerMaster) {
        List<String> command = new ArrayList<>(List.of(RedisBinaries.cli().orElseThrow().getAbsolutePath(),
                "--cluster", "create"));
        nodes.forEach(n -> command.add("127.0.0.1:" + n.port()));
        command.addAll(List.of("--cluster-replicas", Integer.toString(replicasPerMaster), "--cluster-yes"));
        Command.Result cli = Command.run(command);
        if (cli.exitCode() != 0) {
            throw new IllegalStateException("redis-cli --cluster create failed:\n" + cli.output());
        }
    }

    /**
     * Waits until every node reports the cluster ok, knows every other node, and all of them agree on who is
     * master of which slots and who replicates whom.
     */
    public void awaitHealthy(Duration timeout) {
        StringBuilder last = new StringBuilder();
        try {
            await().atMost(timeout).pollInterval(Duration.ofMillis(50)).until(() -> {
                boolean ok = true;
                Set<String> views = new HashSet<>();
                last.setLength(0);
                for (RedisProcess node : nodes) {
                    try (Jedis jedis = node.jedis()) {
                        String info = jedis.clusterInfo();
                        String table = jedis.clusterNodes();
                        long known = table.lines().filter(l -> !l.contains("handshake")).count();
                        ok &= info.contains("cluster_state:ok") && known == nodes.size();
                        views.add(layout(table));
                        last.setLength(0);
                        last.append(info);
                    }
                }
                last.append('\n').append(views);
                return ok && views.size() == 1;
            });
        } catch (ConditionTimeoutException e) {
            throw new IllegalStateException("cluster not healthy within " + timeout + ": " + last, e);
        }
    }

    /** One node's view of the cluster, without what differs between viewers (myself, ping times, link state). */
    private static String layout(String clusterNodes) {
        return clusterNodes.lines().map(line -> line.split(" ")).map(f -> {
            String role = f[2].contains("master") ? "master" : "replica of " + f[3];
            String slots = String.join(" ", Arrays.asList(f).subList(8, f.length));
            return f[0] + " " + role + " " + slots;
        }).sorted().collect(Collectors.joining("; "));
    }

    public List<RedisProcess> nodes() {
        return nodes;
    }

    public Set<HostAndPort> seeds() {
        return nodes.stream().map(RedisProcess::hostAndPort).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /** The seed list as config takes it: {@code host:port,host:port}. */
    public String seedList() {
        return nodes.stream().map(n -> "127.0.0.1:" + n.port()).collect(Collectors.joining(","));
    }

    /** A connection to this cluster with timeouts loose enough for a busy two-core CI machine. */
    public io.throttled.redis.JedisScripting scripting() {
        return io.throttled.redis.RedisConnections.scripting(io.throttled.redis.RedisSettings.builder().cluster(seedList())
                .commandTimeout(Duration.ofSeconds(5)).connectTimeout(Duration.ofSeconds(5)).build());
    }

    /** The masters, as they are now. */
    public List<RedisProcess> masters() {
        List<RedisProcess> masters = new ArrayList<>();
        for (RedisProcess node : nodes) {
            try (Jedis jedis = node.jedis()) {
                if (jedis.info("replication").contains("role:master")) {
                    masters.add(node);
                }
            }
        }
        return masters;
    }

    @Override
    public void close() {
        nodes.forEach(RedisProcess::close);
    }
}
