package io.throttled.redis;

import java.util.Collection;
import java.util.List;

/**
 * All the limiter needs from Redis: run scripts by digest, one at a time or several in one round trip.
 * Implementations send EVALSHA and, when the server answers NOSCRIPT, load the script and retry once.
 */
public interface RedisScripting extends AutoCloseable {

    /** Runs one script and returns its reply. */
    Object run(ScriptCall call);

    /**
     * Runs several scripts in one pipeline. Each element of the result is the call's reply, or the
     * {@link RuntimeException} that call met (so one failure does not hide the other replies).
     */
    List<Object> runAll(List<ScriptCall> calls);

    /**
     * Which keys may go in one script call: those with the same number here. On Redis Cluster, the key's hash
     * slot; on one server (standalone, or the master Sentinel names), 0 for every key.
     */
    default int slotOf(String key) {
        return 0;
    }

    /**
     * The version of the Redis the scripts run on, checked against {@link RedisVersion#MINIMUM}; {@code null}
     * when unknown (a connection that cannot tell, such as a test's stand-in).
     */
    default RedisVersion serverVersion() {
        return null;
    }

    /** Loads scripts ahead of the first call (on every master of a cluster). */
    void load(Collection<LuaScript> scripts);

    @Override
    void close();
}
