package io.throttled.memory;

/** One limit's answer, before the limits of a policy are combined into a decision. */
record Verdict(boolean allowed, long remaining, long retryAfterMillis, long resetAfterMillis) {
}
