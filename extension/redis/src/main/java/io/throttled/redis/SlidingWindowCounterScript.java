package io.throttled.redis;

import io.throttled.core.Limit;
import java.util.List;

/** {@code sliding-window-counter.lua}: two clock-aligned window counters, weighted; milliseconds. */
final class SlidingWindowCounterScript extends AlgorithmScript {
    SlidingWindowCounterScript() {
        super("sliding-window-counter.lua");
    }

    @Override
    void addArguments(Limit limit, List<String> args) {
        args.add(Long.toString(limit.windowMillis()));
        args.add(Long.toString(limit.quantity()));
    }

    @Override
    long windowedKeyMicros(Limit limit) {
        return limit.windowMicros();
    }
}
