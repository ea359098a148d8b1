package io.throttled.operator;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether this node decides without Redis now, and how often it has since it started: the episode running, if any,
 * the last one that ended, the calls decided without Redis by cause, and the keys whose local admissions Redis has not
 * been charged yet. Read it from {@link Fallbacks#state()}. All of it is this node's alone: every node has its own.
 *
 * @param redisConfigured     whether the limiter decides on Redis at all; without Redis nothing ever falls back and
 *                            every count is 0
 * @param running             the episode running now, if any
 * @param last                the last episode that ended, if any
 * @param episodes            how many episodes started since this node did
 * @param decidedWithoutRedis calls a failure mode decided since start, by cause ({@link #CAUSES}, every cause present,
 *                            in that order)
 * @param unchargedKeys       keys whose admissions by the {@code local} failure mode are not yet charged to Redis
 */
public record FallbackState(boolean redisConfigured, Optional<FallbackEpisode> running, Optional<FallbackEpisode> last,
                            long episodes, Map<String, Long> decidedWithoutRedis, int unchargedKeys) {

    /**
     * Why Redis did not decide a call, as counted here, in metrics and in logs: {@code timeout} (no answer within
     * {@code throttled.redis.timeout}), {@code connection} (the call failed), {@code breaker_open} (the circuit breaker
     * kept the call from Redis).
     */
    public static final List<String> CAUSES = List.of("timeout", "connection", "breaker_open");

    /**
     * A state that does not change: the counts are copied, in the order given.
     *
     * @param redisConfigured     whether the limiter decides on Redis
     * @param running             the episode running now, if any
     * @param last                the last episode that ended, if any
     * @param episodes            episodes since start
     * @param decidedWithoutRedis calls decided without Redis, by cause
     * @param unchargedKeys       keys not yet charged to Redis
     */
    public FallbackState {
        decidedWithoutRedis = Collections.unmodifiableMap(new LinkedHashMap<>(decidedWithoutRedis));
    }

    /** {@return the state of a node without Redis: no episode, every count 0} */
    public static FallbackState withoutRedis() {
        Map<String, Long> zero = new LinkedHashMap<>();
        CAUSES.forEach(cause -> zero.put(cause, 0L));
        return new FallbackState(false, Optional.empty(), Optional.empty(), 0, zero, 0);
    }

    /** {@return calls decided without Redis since start, every cause together} */
    public long decidedWithoutRedisTotal() {
        return decidedWithoutRedis.values().stream().mapToLong(Long::longValue).sum();
    }
}
