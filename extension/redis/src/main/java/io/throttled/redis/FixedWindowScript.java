package io.throttled.redis;

import io.throttled.core.Limit;
import java.util.List;

/** {@code fixed-window.lua}: one counter per clock-aligned window. */
final class FixedWindowScript extends AlgorithmScript {
    FixedWindowScript() {
        super("fixed-window.lua");
    }

    @Override
    void addArguments(Limit limit, List<String> args) {
        args.add(Long.toString(limit.windowMicros()));
        args.add(Long.toString(limit.quantity()));
    }

    @Override
    long windowedKeyMicros(Limit limit) {
        return limit.windowMicros();
    }
}
