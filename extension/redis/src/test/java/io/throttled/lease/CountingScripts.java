package io.throttled.lease;

import io.throttled.redis.ForwardingScripting;
import io.throttled.redis.RedisScripting;
import io.throttled.redis.ScriptCall;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** A real Redis connection that counts the scripts sent through it: lease scripts and all others. */
final class CountingScripts extends ForwardingScripting {
    final AtomicLong leaseCalls = new AtomicLong();
    final AtomicLong otherCalls = new AtomicLong();

    CountingScripts(RedisScripting redis) {
        super(redis);
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
        return super.run(call);
    }

    @Override
    public List<Object> runAll(List<ScriptCall> calls) {
        calls.forEach(this::count);
        return super.runAll(calls);
    }
}
