package io.throttled.core;

import java.util.List;
import java.util.OptionalLong;

/** What operators ask a store about its buckets: which keys are live, how long one lives, reset them all. */
public interface BucketInventory {

    /**
     * One page of the policy's live client keys (the text inside the braces: hashed keys show hashed).
     *
     * @param cursor where the previous page ended; {@link KeyPage#START} for the first
     * @param count  roughly how many keys to return; pages are bounded by it
     */
    KeyPage keys(Policy policy, String cursor, int count);

    /** How long until this client's state under the policy expires, in ms; empty when there is none. */
    OptionalLong timeToLiveMillis(Policy policy, String clientKey);

    /** Forgets every client's state under the policy, in bounded batches; returns how many keys went. */
    long resetAll(Policy policy);

    /** A page of keys and the cursor of the next one ({@link KeyPage#START} again when there is none). */
    record KeyPage(List<String> keys, String nextCursor) {
        public static final String START = "0";

        public boolean isLast() {
            return START.equals(nextCursor);
        }
    }
}
