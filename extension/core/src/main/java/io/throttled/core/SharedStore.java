package io.throttled.core;

/**
 * A {@link RateLimiter} whose buckets live outside this JVM and are shared by every node (Redis): its buckets can
 * be listed and reset, it can be asked whether it answers, and it holds connections to close. What the resilience
 * decorators wrap.
 */
public interface SharedStore extends RateLimiter, BucketInventory, AutoCloseable {

    /** {@return whether the store answers now} */
    boolean ping();

    /** Closes the store's connections; decisions after this fail. */
    @Override
    void close();
}
