package io.throttled.route;

import java.util.Map;

/**
 * An immutable map from a path segment to a value, looked up by a region of the path so that the request's
 * segments are never copied into Strings: open addressing, hashes as {@link String#hashCode()}.
 */
final class SegmentMap<V> {
    private final String[] keys;
    private final int[] hashes;
    private final Object[] values;
    private final int mask;

    SegmentMap(Map<String, V> entries) {
        int capacity = Integer.highestOneBit(Math.max(2, entries.size() * 2 - 1)) << 1; // at most half full
        keys = new String[capacity];
        hashes = new int[capacity];
        values = new Object[capacity];
        mask = capacity - 1;
        entries.forEach((key, value) -> {
            int hash = key.hashCode();
            int slot = spread(hash) & mask;
            while (keys[slot] != null) {
                slot = (slot + 1) & mask;
            }
            keys[slot] = key;
            hashes[slot] = hash;
            values[slot] = value;
        });
    }

    /** The value for the segment path[from, to), or null. */
    @SuppressWarnings("unchecked")
    V get(String path, int from, int to) {
        int hash = 0;
        for (int i = from; i < to; i++) {
            hash = 31 * hash + path.charAt(i);
        }
        int length = to - from;
        for (int slot = spread(hash) & mask; keys[slot] != null; slot = (slot + 1) & mask) {
            if (hashes[slot] == hash && keys[slot].length() == length && path.startsWith(keys[slot], from)) {
                return (V) values[slot];
            }
        }
        return null;
    }

    private static int spread(int hash) {
        return hash ^ (hash >>> 16);
    }
}
