package io.throttled.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

/** A local Redis Cluster of {@code redis-server} processes, formed with {@code redis-cli --cluster create}. */
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
        List<RedisProcess> nodes = new ArrayList<>();
        try {
            for (int i = 0; i < masters * (1 + replicasPerMaster); i++) {
                nodes.add(RedisProcess.start("--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
                        "--cluster-node-timeout", "2000"));
            }
            RedisClusterProcess cluster = new RedisClusterProcess(nodes);
            cluster.create(replicasPerMaster);
            return cluster;
        } catch (RuntimeException e) {
            nodes.forEach(RedisProcess::close);
            throw e;
        }
    }

    private void create(int replicasPerMaster) {
        List<String> command = new ArrayList<>(List.of(RedisBinaries.require("redis-cli").getAbsolutePath(),
                "--cluster", "create"));
        nodes.forEach(n -> command.add("127.0.0.1:" + n.port()));
        command.addAll(List.of("--cluster-replicas", Integer.toString(replicasPerMaster), "--cluster-yes"));
        try {
            Process cli = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(cli.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (cli.waitFor() != 0) {
                throw new IllegalStateException("redis-cli --cluster create failed:\n" + output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        awaitHealthy(Duration.ofSeconds(30));
    }

    /** Waits until every node reports the cluster ok and knows every other node. */
    public void awaitHealthy(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            boolean ok = true;
            for (RedisProcess node : nodes) {
                try (Jedis jedis = node.jedis()) {
                    last = jedis.clusterInfo();
                    long known = jedis.clusterNodes().lines().filter(l -> !l.contains("handshake")).count();
                    ok &= last.contains("cluster_state:ok") && known == nodes.size();
                }
            }
            if (ok) {
                return;
            }
            RedisProcess.pause(50);
        }
        throw new IllegalStateException("cluster not healthy within " + timeout + ": " + last);
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
