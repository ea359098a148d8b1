package io.throttled.cdi;

/** Told of every decision the entry points make (metrics count them). A CDI bean; must be fast. */
public interface DecisionListener {

    void decided(Outcome outcome);

    /**
     * The same, with how long the limiter took to answer (one Redis round trip, or the in-JVM store; for policies
     * decided together, the group's one call; never the time a call waits for a reserved slot).
     */
    default void decided(Outcome outcome, long nanos) {
        decided(outcome);
    }
}
