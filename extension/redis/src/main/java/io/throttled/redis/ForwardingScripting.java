package io.throttled.redis;

import java.util.Collection;
import java.util.List;

/**
 * A Redis connection that passes everything on to another: a wrapper overrides what it changes (coalescing
 * batches calls; tests count them).
 */
public abstract class ForwardingScripting implements RedisScripting {
    private final RedisScripting redis;

    /** @param redis the connection everything goes to */
    protected ForwardingScripting(RedisScripting redis) {
        this.redis = redis;
    }

    @Override
    public Object run(ScriptCall call) {
        return redis.run(call);
    }

    @Override
    public List<Object> runAll(List<ScriptCall> calls) {
        return redis.runAll(calls);
    }

    @Override
    public int slotOf(String key) {
        return redis.slotOf(key);
    }

    @Override
    public RedisVersion serverVersion() {
        return redis.serverVersion();
    }

    @Override
    public void load(Collection<LuaScript> scripts) {
        redis.load(scripts);
    }

    @Override
    public void close() {
        redis.close();
    }
}
