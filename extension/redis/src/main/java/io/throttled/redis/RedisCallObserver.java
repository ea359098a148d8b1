package io.throttled.redis;

/** Told how long each Redis round trip took and whether it failed (for metrics). Must be fast. */
public interface RedisCallObserver {
    RedisCallObserver NONE = new RedisCallObserver() {
        @Override
        public void succeeded(long nanos) {
        }

        @Override
        public void failed(long nanos, RuntimeException error) {
        }
    };

    /** Tells {@code first}, then {@code second}. */
    static RedisCallObserver both(RedisCallObserver first, RedisCallObserver second) {
        if (first == NONE) {
            return second;
        }
        return new RedisCallObserver() {
            @Override
            public void succeeded(long nanos) {
                first.succeeded(nanos);
                second.succeeded(nanos);
            }

            @Override
            public void failed(long nanos, RuntimeException error) {
                first.failed(nanos, error);
                second.failed(nanos, error);
            }
        };
    }

    void succeeded(long nanos);

    void failed(long nanos, RuntimeException error);
}
