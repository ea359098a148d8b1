package io.throttled.redis;

import io.throttled.core.Limit;
import java.util.List;

/** {@code sliding-window-log.lua}: one sorted set of timestamps per limit. */
final class SlidingWindowLogScript extends AlgorithmScript {
    SlidingWindowLogScript() {
        super("sliding-window-log.lua");
    }

    @Override
    void addArguments(Limit limit, List<String> args) {
        args.add(Long.toString(limit.windowMicros()));
        args.add(Long.toString(limit.quantity()));
    }
}
