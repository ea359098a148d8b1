package io.throttled.core;

import java.util.List;
import java.util.OptionalLong;

/** What operators ask a store about its buckets: which keys are live, how long one lives, reset them all. */
public interface BucketInventory {

    /**
     * One page of the policy's live client keys (the text inside the braces: hashed keys show hashed).
     *
     * @param policy the policy whose buckets to list
     * @param cursor where the previous page ended; {@link KeyPage#START} for the first
     * @param count  roughly how many keys to return; pages are bounded by it
     * @return the page
     */
    KeyPage keys(Policy policy, String cursor, int count);

    /**
     * How long until this client's state under the policy expires.
     *
     * @param policy    the policy
     * @param clientKey the client key, as resolved (not hashed)
     * @return milliseconds; empty when there is no state
     */
    OptionalLong timeToLiveMillis(Policy policy, String clientKey);

    /**
     * Forgets every client's state under the policy, in bounded batches, however long it takes.
     *
     * @param policy the policy
     * @return how many keys went
     */
    default long resetAll(Policy policy) {
        long removed = 0;
        String cursor = KeyPage.START;
        do {
            ResetProgress step = resetSome(policy, cursor, java.time.Duration.ofDays(1));
            removed += step.removed();
            cursor = step.nextCursor();
        } while (!KeyPage.START.equals(cursor));
        return removed;
    }

    /**
     * Forgets client states under the policy from a cursor on, batch by batch, until every one is gone or the time
     * is up (at least one batch is done): an operator's reset of a policy with millions of keys answers in bounded
     * time, and says where to go on.
     *
     * @param policy the policy
     * @param cursor where the previous call stopped; {@link KeyPage#START} to begin
     * @param budget how long to go on starting new batches
     * @return what was removed, and where to go on ({@link KeyPage#START} when done)
     */
    ResetProgress resetSome(Policy policy, String cursor, java.time.Duration budget);

    /**
     * What one bounded reset did.
     *
     * @param removed    the keys it removed
     * @param nextCursor where the next call goes on; {@link KeyPage#START} when every key is gone
     */
    record ResetProgress(long removed, String nextCursor) {
        /** {@return whether the reset reached the end} */
        public boolean complete() {
            return KeyPage.START.equals(nextCursor);
        }
    }

    /**
     * A page of keys and the cursor of the next one ({@link KeyPage#START} again when there is none).
     *
     * @param keys       the client keys on this page
     * @param nextCursor where the next page starts
     */
    record KeyPage(List<String> keys, String nextCursor) {
        /** The cursor of the first page, and the next cursor of the last. */
        public static final String START = "0";

        /** {@return whether no page follows this one} */
        public boolean isLast() {
            return START.equals(nextCursor);
        }
    }
}
