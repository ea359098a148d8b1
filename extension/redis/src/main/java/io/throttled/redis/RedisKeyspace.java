package io.throttled.redis;

import java.util.List;

/** The keyspace operations operators need: scan by pattern on every master, unlink in batches, ping. */
public interface RedisKeyspace {

    /** One SCAN step; the cursor spans all masters of a cluster. */
    Page scan(String cursor, String pattern, int count);

    /** Unlinks these keys (any slots), in one round trip per node; returns how many existed. */
    long unlink(List<String> keys);

    /** Whether every master answers. */
    boolean ping();

    record Page(List<String> keys, String nextCursor) {
    }
}
