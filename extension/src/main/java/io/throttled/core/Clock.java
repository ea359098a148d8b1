package io.throttled.core;

import java.time.Instant;

/** Wall-clock time in microseconds since the epoch; injected so tests can read as timelines. */
@FunctionalInterface
public interface Clock {

    /** {@return the current time in microseconds since the epoch} */
    long nowMicros();

    /** {@return this JVM's wall clock} */
    static Clock system() {
        return () -> {
            Instant now = Instant.now();   // two fields, not ChronoUnit's overflow-checked difference from EPOCH
            return now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
        };
    }
}
