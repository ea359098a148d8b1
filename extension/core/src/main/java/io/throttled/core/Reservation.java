package io.throttled.core;

import java.util.List;

/**
 * A slot reserved for a call that waits ({@link RateLimiter#reserve}): the call may proceed after
 * {@code waitMillis}, and nothing more needs asking. To give the slot back (the waiter was interrupted, cancelled
 * or gave up), hand this to {@link RateLimiter#release} with the policy it was reserved under, once.
 *
 * <p>The rest is what the give-back needs, the same for every store: per limit, the state the reservation wrote
 * and the state it replaced with that state's expiry. A give-back returns the slot when every limit still holds
 * exactly what this reservation wrote (nothing was taken since, or whatever was taken since was given back): then
 * each limit is put back as it was, as if the reservation had never been made.
 *
 * @param policy     the policy's name
 * @param key        the client key
 * @param waitMillis how long the call waits, from the decision, on the store's clock
 * @param slotMicros the store's time at which the call may proceed (µs)
 * @param written    per limit, the state text the reservation wrote
 * @param previous   per limit, the state text it replaced; "" when there was none (a fresh bucket)
 * @param previousExpiryMillis per limit, when the replaced state expired (epoch ms on the store's clock); -1: none
 * @serial exclude
 */
// @serial exclude: as for Decision, javadoc 17 wants a comment on each component of a serializable record
public record Reservation(String policy, String key, long waitMillis, long slotMicros, List<String> written,
                          List<String> previous, List<Long> previousExpiryMillis) implements java.io.Serializable {

    /**
     * Checks there is one written state, one previous state and one expiry per limit.
     *
     * @param policy               the policy's name
     * @param key                  the client key
     * @param waitMillis           how long the call waits
     * @param slotMicros           the store's time at which the call may proceed (µs)
     * @param written              per limit, the state text the reservation wrote
     * @param previous             per limit, the state text it replaced
     * @param previousExpiryMillis per limit, when the replaced state expired; -1: none
     * @throws IllegalArgumentException when the lists differ in length
     */
    public Reservation {
        written = List.copyOf(written);
        previous = List.copyOf(previous);
        previousExpiryMillis = List.copyOf(previousExpiryMillis);
        if (written.size() != previous.size() || written.size() != previousExpiryMillis.size()) {
            throw new IllegalArgumentException("one written state, one previous state and one expiry per limit");
        }
    }

    /** {@return the waiter's identity in the store's count of waiters: unique among the bucket's live reservations} */
    public String waiterId() {
        return String.join("|", written);
    }
}
