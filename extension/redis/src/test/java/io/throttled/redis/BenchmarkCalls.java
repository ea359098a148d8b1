package io.throttled.redis;

import io.throttled.core.Policy;

/**
 * The script call a limiter sends for a decision, for benchmarks that send it themselves (redis-benchmark, batch
 * timings): in the Redis test-jar, in this package for its package-private call builder, so the limiter keeps no
 * method only they use.
 */
public final class BenchmarkCalls {
    private BenchmarkCalls() {
    }

    /**
     * The decision call, on the server's clock.
     *
     * @param limiter the limiter, whose key prefix the call uses
     * @param policy  the policy
     * @param key     the client key
     * @param cost    the tokens to take
     * @return the script, its keys and arguments
     */
    public static ScriptCall decision(RedisRateLimiter limiter, Policy policy, String key, long cost) {
        return DecisionCall.of(limiter.keys(), policy, key, cost, "");
    }
}
