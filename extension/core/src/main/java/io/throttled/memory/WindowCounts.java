package io.throttled.memory;

import java.util.Arrays;

/**
 * Counts by window index in ascending order: the few keys {@code stem:n} a windowed script keeps alive (one,
 * or two when the clock went back). One small array of (window, count) pairs instead of a sorted map, so a
 * decision boxes nothing, and reads one object beyond this one (two arrays cost a miss more per decision).
 */
final class WindowCounts {
    /** Pair i is {@code pairs[2 * i]} (window) and {@code pairs[2 * i + 1]} (count). */
    private long[] pairs = new long[4];
    private int size;

    /** Forgets every window before {@code window}, as their keys would have expired. */
    void dropBefore(long window) {
        int gone = 0;
        while (gone < size && pairs[2 * gone] < window) {
            gone++;
        }
        if (gone > 0) {
            System.arraycopy(pairs, 2 * gone, pairs, 0, 2 * (size - gone));
            size -= gone;
        }
    }

    /** {@return the window's count, 0 when it has none} */
    long get(long window) {
        for (int i = 0; i < size; i++) {
            if (pairs[2 * i] == window) {
                return pairs[2 * i + 1];
            }
        }
        return 0;
    }

    /** Adds {@code n} to the window's count, making an entry for it when it has none. */
    void add(long window, long n) {
        int i = 0;
        while (i < size && pairs[2 * i] < window) {
            i++;
        }
        if (i < size && pairs[2 * i] == window) {
            pairs[2 * i + 1] += n;
            return;
        }
        if (2 * size == pairs.length) {
            pairs = Arrays.copyOf(pairs, 2 * pairs.length);
        }
        System.arraycopy(pairs, 2 * i, pairs, 2 * i + 2, 2 * (size - i));
        pairs[2 * i] = window;
        pairs[2 * i + 1] = n;
        size++;
    }

    void clear() {
        size = 0;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** {@return the latest window with an entry; only when not {@link #isEmpty()}} */
    long last() {
        return pairs[2 * (size - 1)];
    }
}
