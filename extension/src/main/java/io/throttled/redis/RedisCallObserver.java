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

    void succeeded(long nanos);

    void failed(long nanos, RuntimeException error);
}
