package io.throttled.operator;

/**
 * The notices that tell every node a bucket was reset: each drops what it remembers of it (denials, leases). The
 * resilient limiter around the Redis store reads them ({@code ResilientRateLimiter.onNotice}).
 */
final class BucketResets {
    private BucketResets() {
    }

    static String one(String policy, String clientKey) {
        return "reset " + policy + " " + clientKey;
    }

    static String all(String policy) {
        return "reset " + policy;
    }
}
