package io.throttled.admin;

/** The notices that tell every node a bucket was reset (nodes drop what they remember of it). */
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
