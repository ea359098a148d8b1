package io.throttled.redis;

/** {@code token-bucket.lua}: greedy refill, one string per limit. */
final class TokenBucketScript extends ContinuousScript {
    TokenBucketScript() {
        super("token-bucket.lua");
    }
}
