package io.throttled.testing.redis;

import io.throttled.redis.ForwardingScripting;
import io.throttled.redis.RedisScripting;
import io.throttled.redis.ScriptCall;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** A real Redis connection that counts what goes through it: scripts one at a time, and pipelines. */
public class CountingScripting extends ForwardingScripting {
    public final AtomicInteger single = new AtomicInteger();
    public final AtomicInteger pipelined = new AtomicInteger();
    /** Script calls sent in pipelines (a batch script counts once, however many decisions it carries). */
    public final AtomicInteger pipedCalls = new AtomicInteger();

    public CountingScripting(RedisScripting redis) {
        super(redis);
    }

    /** Every script call so far, alone or in a pipeline. */
    public int scriptCalls() {
        return single.get() + pipedCalls.get();
    }

    @Override
    public Object run(ScriptCall call) {
        single.incrementAndGet();
        return super.run(call);
    }

    @Override
    public List<Object> runAll(List<ScriptCall> calls) {
        pipelined.incrementAndGet();
        pipedCalls.addAndGet(calls.size());
        return super.runAll(calls);
    }
}
