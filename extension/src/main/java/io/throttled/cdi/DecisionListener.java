package io.throttled.cdi;

/** Told of every decision the entry points make (metrics count them). A CDI bean; must be fast. */
public interface DecisionListener {

    void decided(Outcome outcome);
}
