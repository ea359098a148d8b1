package io.throttled.memory;

/**
 * A state its script keeps as one Redis string with an expiry (the token and leaky buckets): there or not, and
 * fresh again when the key would expire.
 */
abstract class ExpiringState extends LimitState {
    /** Whether the key exists. */
    boolean present;
    /** When (µs) the key expires. */
    long freshAt;
    /** The expiry the last check's take would write. */
    long nextFreshAt;

    @Override
    final void clear() {
        present = false;
    }

    @Override
    final long freshAt() {
        return present ? freshAt : 0;
    }
}
