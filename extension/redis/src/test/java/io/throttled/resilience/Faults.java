package io.throttled.resilience;

import static org.awaitility.Awaitility.await;

import io.throttled.testing.redis.RedisClusterProcess;
import io.throttled.testing.redis.RedisProcess;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.RedisProtocol;
import redis.clients.jedis.commands.ProtocolCommand;
import redis.clients.jedis.params.MigrateParams;

/** The faults of {@link FaultScheduleTest}, each made with Redis' own commands (or its process, for a restart). */
final class Faults {
    private static final ProtocolCommand DEBUG = () -> "DEBUG".getBytes(StandardCharsets.US_ASCII);

    private Faults() {
    }

    /** An admin connection that waits as long as the fault it makes. */
    static Jedis admin(RedisProcess redis, Duration length) {
        return new Jedis(redis.hostAndPort(), DefaultJedisClientConfig.builder().protocol(RedisProtocol.RESP2)
                .socketTimeoutMillis((int) length.toMillis() + 10_000).build());
    }

    /**
     * {@code CLIENT PAUSE <ms> WRITE} (reads and PING still answered; every script, which may write, waits) or
     * {@code ALL}: the calls under way wait past the timeout, and run on Redis when the pause ends.
     */
    record ClientPause(RedisProcess redis, String mode) implements Fault {
        @Override
        public String name() {
            return "CLIENT PAUSE " + mode;
        }

        @Override
        public void inject(Duration length) {
            try (Jedis admin = admin(redis, length)) {
                admin.sendCommand(Protocol.Command.CLIENT, "PAUSE", Long.toString(length.toMillis()), mode);
            }
        }
    }

    /** {@code DEBUG SLEEP <s>}: the server's one thread sleeps, answering nothing; returns when it wakes. */
    record DebugSleep(RedisProcess redis) implements Fault {
        @Override
        public String name() {
            return "DEBUG SLEEP";
        }

        @Override
        public void inject(Duration length) {
            try (Jedis admin = admin(redis, length)) {
                admin.sendCommand(DEBUG, "SLEEP", String.format(java.util.Locale.ROOT, "%.3f", length.toMillis() / 1000.0));
            }
        }
    }

    /**
     * {@code CLIENT KILL TYPE normal SKIPME yes}: every application connection closed, again every 25 ms for the
     * length (at most 40 times), so a pool's fresh connections are killed too.
     */
    record ClientKill(RedisProcess redis) implements Fault {
        @Override
        public String name() {
            return "CLIENT KILL";
        }

        @Override
        public void inject(Duration length) {
            long end = System.nanoTime() + length.toNanos();
            try (Jedis admin = admin(redis, length)) {
                for (int i = 0; i < 40; i++) {
                    admin.sendCommand(Protocol.Command.CLIENT, "KILL", "TYPE", "normal", "SKIPME", "yes");
                    long left = end - System.nanoTime();
                    if (left <= 0) {
                        break;
                    }
                    LockSupport.parkNanos(Math.min(left, 25_000_000));   // the fault's own rhythm, not a wait for anything
                }
            }
        }
    }

    /**
     * {@code SHUTDOWN SAVE}, down for the length, then the same {@code redis-server} on the same port, which loads the
     * RDB file it saved on the way down: every bucket survives (a crash losing writes would be Redis' loss, not the
     * fallback's, so this fault does not make one).
     */
    record Restart(RedisProcess redis) implements Fault {
        @Override
        public String name() {
            return "restart (SHUTDOWN SAVE)";
        }

        @Override
        public void inject(Duration length) {
            long start = System.nanoTime();
            try (Jedis admin = admin(redis, length)) {
                admin.sendCommand(Protocol.Command.SHUTDOWN, "SAVE");
            } catch (redis.clients.jedis.exceptions.JedisConnectionException expected) {
                // the server closes the connection as it exits
            }
            await("redis-server exited").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(5))
                    .until(() -> !redis.isAlive());
            long left = start + length.toNanos() - System.nanoTime();
            if (left > 0) {
                LockSupport.parkNanos(left);   // the length of the outage itself
            }
            redis.restart();   // waits until it answers PING
        }
    }

    /**
     * A Sentinel failover without lost writes: the master's writes paused ({@code CLIENT PAUSE WRITE}), the
     * replica caught up with its offset, {@code SENTINEL FAILOVER}, and the pause lifted only once the old master
     * is a replica of the new one (the scripts it held then fail with READONLY). The test makes it one at once, as
     * the Sentinels would; with {@code sentinelsDemote} it waits until they do, 10-20 s during which the old master
     * holds every script sent to it. So no admission is lost to replication, and the
     * checker allows none. The length is the failover's own.
     */
    record SentinelFailover(SentinelTopology topology, boolean sentinelsDemote) implements Fault {
        @Override
        public String name() {
            return "Sentinel failover";
        }

        @Override
        public void inject(Duration length) {
            RedisProcess master = topology.master();
            RedisProcess replica = topology.replicaOf(master);
            try (Jedis old = admin(master, Duration.ofSeconds(30))) {
                old.sendCommand(Protocol.Command.CLIENT, "PAUSE", "30000", "WRITE");
                long offset = offset(old.info("replication"), "master_repl_offset:");
                await("the replica caught up").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(5))
                        .until(() -> {
                            try (Jedis r = replica.jedis()) {
                                return offset(r.info("replication"), "slave_repl_offset:") >= offset;
                            }
                        });
                try (Jedis sentinel = topology.sentinels().get(0).jedis()) {
                    sentinel.sendCommand(Protocol.Command.SENTINEL, "FAILOVER", SentinelTopology.NAME);
                }
                // the Sentinels name the replica master; the old one, still paused, is made its replica as the
                // Sentinels would make it (they wait several seconds before they do); then it lifts the pause, and
                // the scripts it held fail with READONLY
                await("the Sentinels name a new master").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(20))
                        .until(() -> topology.master() == replica);
                if (!sentinelsDemote) {
                    try (Jedis m = master.jedis()) {
                        m.replicaof("127.0.0.1", replica.port());
                    }
                }
                await("the old master is a replica").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20))
                        .ignoreExceptionsInstanceOf(redis.clients.jedis.exceptions.JedisConnectionException.class)
                        .until(() -> {
                            try (Jedis m = master.jedis()) {
                                return m.info("replication").contains("role:slave");
                            }
                        });
            } finally {
                try (Jedis m = master.jedis()) {
                    m.sendCommand(Protocol.Command.CLIENT, "UNPAUSE");
                }
            }
        }

        private static long offset(String info, String field) {
            return info.lines().filter(l -> l.startsWith(field)).mapToLong(l -> Long.parseLong(l.substring(field.length()).trim()))
                    .findFirst().orElse(-1);
        }
    }

    /**
     * The slots of some of the schedule's keys moved to another master (the specification's steps: IMPORTING,
     * MIGRATING, MIGRATE, SETSLOT NODE), each slot held in the migrating state for its share of the length.
     */
    record SlotMigration(RedisClusterProcess cluster, List<String> hashTags) implements Fault {
        @Override
        public String name() {
            return "Cluster slot migration";
        }

        @Override
        public void inject(Duration length) {
            List<RedisProcess> masters = cluster.masters();
            long share = length.toNanos() / Math.max(1, hashTags.size());
            for (String tag : hashTags) {
                int slot;
                try (Jedis any = masters.get(0).jedis()) {
                    slot = (int) any.clusterKeySlot(tag);
                }
                RedisProcess source = masters.stream().filter(m -> ClusterReshardTest.owns(m, slot)).findFirst().orElseThrow();
                RedisProcess target = masters.get((masters.indexOf(source) + 1) % masters.size());
                try (Jedis from = source.jedis(); Jedis to = target.jedis()) {
                    String sourceId = from.clusterMyId();
                    String targetId = to.clusterMyId();
                    to.clusterSetSlotImporting(slot, sourceId);
                    from.clusterSetSlotMigrating(slot, targetId);
                    LockSupport.parkNanos(share / 2);   // the slot half-moved: ASK redirections
                    List<String> keys;
                    for (int i = 0; i < 1000 && !(keys = from.clusterGetKeysInSlot(slot, 100)).isEmpty(); i++) {
                        from.migrate("127.0.0.1", target.port(), 5000, new MigrateParams(), keys.toArray(String[]::new));
                    }
                    LockSupport.parkNanos(share / 2);
                    for (RedisProcess master : masters) {
                        try (Jedis jedis = master.jedis()) {
                            jedis.clusterSetSlotNode(slot, targetId);
                        }
                    }
                }
            }
        }
    }
}
