package io.throttled.core;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** Wall-clock time in microseconds since the epoch; injected so tests can read as timelines. */
@FunctionalInterface
public interface Clock {

    /** {@return the current time in microseconds since the epoch} */
    long nowMicros();

    /** {@return this JVM's wall clock} */
    static Clock system() {
        return () -> ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
    }
}
