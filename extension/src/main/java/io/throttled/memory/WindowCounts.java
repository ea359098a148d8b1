package io.throttled.memory;

import java.util.Arrays;

/**
 * Counts by window index in ascending order: the few keys {@code stem:n} a windowed script keeps alive (one,
 * or two when the clock went back). Two small arrays instead of a sorted map, so a decision boxes nothing.
 */
final class WindowCounts {
    private long[] windows = new long[2];
    private long[] counts = new long[2];
    private int size;

    /** Forgets every window before {@code window}, as their keys would have expired. */
    void dropBefore(long window) {
        int gone = 0;
        while (gone < size && windows[gone] < window) {
            gone++;
        }
        if (gone > 0) {
            System.arraycopy(windows, gone, windows, 0, size - gone);
            System.arraycopy(counts, gone, counts, 0, size - gone);
            size -= gone;
        }
    }

    /** {@return the window's count, 0 when it has none} */
    long get(long window) {
        for (int i = 0; i < size; i++) {
            if (windows[i] == window) {
                return counts[i];
            }
        }
        return 0;
    }

    /** Adds {@code n} to the window's count, making an entry for it when it has none. */
    void add(long window, long n) {
        int i = 0;
        while (i < size && windows[i] < window) {
            i++;
        }
        if (i < size && windows[i] == window) {
            counts[i] += n;
            return;
        }
        if (size == windows.length) {
            windows = Arrays.copyOf(windows, size * 2);
            counts = Arrays.copyOf(counts, size * 2);
        }
        System.arraycopy(windows, i, windows, i + 1, size - i);
        System.arraycopy(counts, i, counts, i + 1, size - i);
        windows[i] = window;
        counts[i] = n;
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
        return windows[size - 1];
    }
}
