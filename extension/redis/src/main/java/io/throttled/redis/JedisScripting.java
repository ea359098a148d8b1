package io.throttled.redis;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Connection;
import redis.clients.jedis.ConnectionPool;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisNoScriptException;
import redis.clients.jedis.exceptions.JedisRedirectionException;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * {@link RedisScripting} over a Jedis 8 client: standalone ({@code RedisClient}), Sentinel
 * ({@code RedisSentinelClient}) or Cluster ({@code RedisClusterClient}, which follows MOVED and ASK).
 */
public final class JedisScripting implements RedisScripting {
    private final UnifiedJedis jedis;
    private final IdlePing idlePing;
    private volatile RedisCallObserver observer = RedisCallObserver.NONE;
    private volatile RedisVersion version;

    /**
     * Wraps a client built elsewhere; nothing PINGs its idle connections ({@link RedisConnections#scripting} does).
     *
     * @param jedis the client, closed with this
     */
    public JedisScripting(UnifiedJedis jedis) {
        this(jedis, IdlePing.OFF);
    }

    JedisScripting(UnifiedJedis jedis, IdlePing idlePing) {
        this.jedis = jedis;
        this.idlePing = idlePing;
    }

    /** Reports every round trip from now on to this observer too (MicroProfile Metrics and OpenTelemetry may both listen). */
    public synchronized void observe(RedisCallObserver value) {
        if (value != null) {
            this.observer = RedisCallObserver.both(observer, value);
        }
    }

    /** PINGs the client's idle connections now, as its thread does every {@code throttled.redis.pool.idle-ping}. */
    void pingIdleConnections() {
        idlePing.run();
    }

    public UnifiedJedis client() {
        return jedis;
    }

    /**
     * The server's version (on a cluster the oldest node's), asked for once: on the first call that reaches
     * Redis (loading the scripts when the limiter is built, else the first decision).
     *
     * @throws UnsupportedRedisException when it is older than {@link RedisVersion#MINIMUM}
     */
    @Override
    public RedisVersion serverVersion() {
        RedisVersion known = version;
        if (known == null) {
            known = askVersion();
        }
        return requireMinimum(known, jedis instanceof RedisClusterClient ? "a node of the cluster" : "the server");
    }

    static RedisVersion requireMinimum(RedisVersion found, String where) {
        if (!found.atLeast(RedisVersion.MINIMUM)) {
            throw UnsupportedRedisException.serverTooOld(found, where);
        }
        return found;
    }

    private synchronized RedisVersion askVersion() {
        if (version != null) {
            return version;
        }
        if (!(jedis instanceof RedisClusterClient cluster)) {
            version = RedisVersion.fromInfo(jedis.info("server"));
            return version;
        }
        RedisVersion oldest = null;
        RuntimeException unreachable = null;
        for (ConnectionPool pool : cluster.getClusterNodes().values()) {
            try (Connection connection = pool.getResource()) {
                RedisVersion node = RedisVersion.fromInfo(new Jedis(connection).info("server"));
                oldest = oldest == null || node.compareTo(oldest) < 0 ? node : oldest;
            } catch (RuntimeException e) {
                unreachable = e;   // a node down now is checked by no one; the others still are
            }
        }
        if (oldest == null) {
            throw unreachable != null ? unreachable : new IllegalStateException("the cluster knows no node yet");
        }
        version = oldest;
        return oldest;
    }

    @Override
    public Object run(ScriptCall call) {
        long start = System.nanoTime();
        try {
            serverVersion();
            Object reply = evalsha(call);
            observer.succeeded(System.nanoTime() - start);
            return reply;
        } catch (RuntimeException e) {
            observer.failed(System.nanoTime() - start, e);
            throw e;
        }
    }

    private Object evalsha(ScriptCall call) {
        String sha = call.script().sha1();
        try {
            return jedis.evalsha(sha, call.keys(), call.args());
        } catch (JedisNoScriptException e) {
            // The server lost its script cache (restart, SCRIPT FLUSH, failover): load it there, retry once.
            jedis.scriptLoad(call.script().source(), call.keys().get(0));
            return jedis.evalsha(sha, call.keys(), call.args());
        }
    }

    @Override
    public List<Object> runAll(List<ScriptCall> calls) {
        long start = System.nanoTime();
        try {
            serverVersion();
            List<Object> replies = evalshaAll(calls);
            observer.succeeded(System.nanoTime() - start);
            return replies;
        } catch (RuntimeException e) {
            observer.failed(System.nanoTime() - start, e);
            throw e;
        }
    }

    private List<Object> evalshaAll(List<ScriptCall> calls) {
        List<Object> replies = pipeline(calls);
        for (int i = 0; i < replies.size(); i++) {
            if (replies.get(i) instanceof JedisRedirectionException) {
                // a slot moved (resharding): the single-call path follows MOVED and ASK
                try {
                    replies.set(i, evalsha(calls.get(i)));
                } catch (RuntimeException e) {
                    replies.set(i, e);
                }
            }
        }
        Map<String, ScriptCall> missing = new LinkedHashMap<>();
        List<Integer> retry = new ArrayList<>();
        for (int i = 0; i < replies.size(); i++) {
            if (isNoScript(replies.get(i))) {
                missing.putIfAbsent(calls.get(i).script().sha1() + calls.get(i).keys().get(0), calls.get(i));
                retry.add(i);
            }
        }
        if (retry.isEmpty()) {
            return replies;
        }
        for (ScriptCall call : missing.values()) {
            jedis.scriptLoad(call.script().source(), call.keys().get(0));
        }
        List<ScriptCall> again = new ArrayList<>(retry.size());
        retry.forEach(i -> again.add(calls.get(i)));
        List<Object> second = pipeline(again);
        for (int j = 0; j < retry.size(); j++) {
            replies.set(retry.get(j), second.get(j));
        }
        return replies;
    }

    private List<Object> pipeline(List<ScriptCall> calls) {
        List<Response<Object>> responses = new ArrayList<>(calls.size());
        try (AbstractPipeline pipeline = jedis.pipelined()) {
            for (ScriptCall call : calls) {
                responses.add(pipeline.evalsha(call.script().sha1(), call.keys(), call.args()));
            }
            pipeline.sync();
        }
        List<Object> replies = new ArrayList<>(responses.size());
        for (Response<Object> response : responses) {
            try {
                replies.add(response.get());
            } catch (RuntimeException e) {
                replies.add(e);
            }
        }
        return replies;
    }

    private static boolean isNoScript(Object reply) {
        return reply instanceof JedisNoScriptException
                || reply instanceof JedisDataException e && String.valueOf(e.getMessage()).startsWith("NOSCRIPT");
    }

    @Override
    public int slotOf(String key) {
        return jedis instanceof RedisClusterClient ? JedisClusterCRC16.getSlot(key) : 0;
    }

    @Override
    public void load(Collection<LuaScript> scripts) {
        serverVersion();
        if (jedis instanceof RedisClusterClient cluster) {
            for (ConnectionPool pool : cluster.getClusterNodes().values()) {
                try (Connection connection = pool.getResource()) {
                    for (LuaScript script : scripts) {
                        connection.executeCommand(new redis.clients.jedis.CommandArguments(Protocol.Command.SCRIPT)
                                .add("LOAD").add(script.source()));
                    }
                }
            }
        } else {
            for (LuaScript script : scripts) {
                jedis.scriptLoad(script.source());
            }
        }
    }

    @Override
    public void close() {
        idlePing.close();   // first: a PING in flight finishes on an open pool
        jedis.close();
    }
}
