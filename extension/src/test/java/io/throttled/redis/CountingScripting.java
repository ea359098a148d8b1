package io.throttled.redis;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** A real Redis connection that counts what goes through it: scripts one at a time, and pipelines. */
class CountingScripting implements RedisScripting {
    private final RedisScripting redis;
    final AtomicInteger single = new AtomicInteger();
    final AtomicInteger pipelined = new AtomicInteger();

    CountingScripting(RedisScripting redis) {
        this.redis = redis;
    }

    @Override
    public Object run(ScriptCall call) {
        single.incrementAndGet();
        return redis.run(call);
    }

    @Override
    public List<Object> runAll(List<ScriptCall> calls) {
        pipelined.incrementAndGet();
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
