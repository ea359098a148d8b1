package io.throttled.operator;

import io.throttled.config.ThrottledSettings;
import java.util.function.Supplier;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Runs what needs the shared store: a store that does not answer is a {@link StoreUnavailableException} that says to
 * retry after the circuit breaker's trial interval, so a tool can tell it from its own mistakes.
 */
final class StoreCalls {
    private final long retryAfterSeconds;

    StoreCalls(ThrottledSettings settings) {
        long millis = settings.resilience().breakerOpenFor().toMillis();
        this.retryAfterSeconds = Math.max(1, (millis + 999) / 1000);
    }

    <T> T call(Supplier<T> action) {
        try {
            return action.get();
        } catch (JedisException e) {
            throw new StoreUnavailableException(e.getMessage(), retryAfterSeconds, e);
        }
    }

    void run(Runnable action) {
        call(() -> {
            action.run();
            return null;
        });
    }

    /** The store answered, but from its failure mode: what it said is not the store's state. */
    StoreUnavailableException unavailable(String message) {
        return new StoreUnavailableException(message, retryAfterSeconds, null);
    }
}
