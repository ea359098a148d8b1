package io.throttled.redis;

/** {@code leaky-bucket.lua}: policing, one string per limit. */
final class LeakyBucketScript extends ContinuousScript {
    LeakyBucketScript() {
        super("leaky-bucket.lua");
    }
}
