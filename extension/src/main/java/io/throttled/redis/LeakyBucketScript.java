package io.throttled.redis;

/** {@code leaky-bucket.lua}: policing, one hash per limit. */
final class LeakyBucketScript extends ContinuousScript {
    LeakyBucketScript() {
        super("leaky-bucket.lua");
    }
}
