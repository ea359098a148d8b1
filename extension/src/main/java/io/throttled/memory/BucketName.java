package io.throttled.memory;

/**
 * Which bucket: a policy's name and the client key as it appears inside the braces of the Redis key
 * ({@link io.throttled.core.BucketKeys#safe}). Two fields instead of the joined key string, so a decision
 * neither builds nor hashes that string.
 */
record BucketName(String policy, String key) {
    @Override
    public int hashCode() {
        return 31 * policy.hashCode() + key.hashCode();   // stable, so it also picks the bucket's lock
    }

    // written out: a record's generated equals goes through method handles, slower on every cache lookup
    @Override
    public boolean equals(Object other) {
        return this == other || other instanceof BucketName that && key.equals(that.key) && policy.equals(that.policy);
    }
}
