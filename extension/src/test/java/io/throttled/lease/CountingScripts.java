package io.throttled.lease;

import io.throttled.redis.LuaScript;
import io.throttled.redis.RedisScripting;
import io.throttled.redis.RedisVersion;
import io.throttled.redis.ScriptCall;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** A real Redis connection that counts the scripts sent through it: lease scripts and all others. */
final class CountingScripts implements RedisScripting {
    private final RedisScripting redis;
    final AtomicLong leaseCalls = new AtomicLong();
    final AtomicLong otherCalls = new AtomicLong();

    CountingScripts(RedisScripting redis) {
        this.redis = redis;
    }

    long all() {
        return leaseCalls.get() + otherCalls.get();
    }

    private void count(ScriptCall call) {
        (call.script().name().startsWith("lease(") ? leaseCalls : otherCalls).incrementAndGet();
    }

    @Override
    public Object run(ScriptCall call) {
        count(call);
        return redis.run(call);
    }

    @Override
    public List<Object> runAll(List<ScriptCall> calls) {
        calls.forEach(this::count);
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
