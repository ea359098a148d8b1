package io.throttled.redis;

import io.throttled.core.Limit;
import java.util.List;

/** {@code token-bucket-interval.lua}: the whole quantity arrives once per window. */
final class IntervalTokenBucketScript extends AlgorithmScript {
    IntervalTokenBucketScript() {
        super("token-bucket-interval.lua", true);
    }

    @Override
    void addArguments(Limit limit, List<String> args) {
        args.add(Long.toString(limit.windowMicros()));
        args.add(Long.toString(limit.quantity()));
        args.add(Long.toString(limit.burst()));
    }
}
