package io.throttled.redis;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** A real Redis connection that counts what goes through it: scripts one at a time, and pipelines. */
class CountingScripting extends ForwardingScripting {
    final AtomicInteger single = new AtomicInteger();
    final AtomicInteger pipelined = new AtomicInteger();
    /** Script calls sent in pipelines (a batch script counts once, however many decisions it carries). */
    final AtomicInteger pipedCalls = new AtomicInteger();

    CountingScripting(RedisScripting redis) {
        super(redis);
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
