package io.throttled.memory;

/**
 * Admitted units by timestamp (µs), oldest first: the sorted set of {@code sliding-window-log.lua} as a ring in
 * one primitive array, each entry's stamp beside its units so reading one entry touches one cache line. Stamps
 * nearly always arrive in order, so adding appends and pruning pops the oldest; a stamp from a clock set back
 * is inserted in its place.
 */
final class StampLog {
    private static final int SMALLEST = 4;

    /** Entry i (from the head) is {@code ring[2 * slot(i)]} (stamp) and {@code ring[2 * slot(i) + 1]} (units). */
    private long[] ring = new long[2 * SMALLEST];
    private int head;
    private int size;
    /** The units of every entry. */
    private long total;
    /**
     * The latest stamp while not empty: an append in order then writes the ring's tail without reading it, a
     * cold line on a key not decided on lately (the ring's head is read anyway, to drop what left the window).
     */
    private long newest;

    long total() {
        return total;
    }

    void clear() {
        ring = new long[2 * SMALLEST];
        head = 0;
        size = 0;
        total = 0;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** {@return the latest stamp; only when not {@link #isEmpty()}} */
    long last() {
        return newest;
    }

    /** Drops every entry stamped at or before {@code cutoff}. */
    void dropThrough(long cutoff) {
        while (size > 0 && ring[2 * head] <= cutoff) {
            total -= ring[2 * head + 1];
            head = (head + 1) & (capacity() - 1);
            size--;
        }
        if (capacity() > SMALLEST && size < capacity() / 4) {
            resize(capacity() / 2);   // a burst's log does not stay allocated through the quiet after it
        }
    }

    /** {@return the stamp of the n-th oldest unit, counting from 1} */
    long nth(long n) {
        long seen = 0;
        for (int i = 0; i < size; i++) {
            int at = 2 * slot(i);
            seen += ring[at + 1];
            if (seen >= n) {
                return ring[at];
            }
        }
        throw new IllegalStateException("fewer than " + n + " entries");
    }

    /** Adds {@code n} units at {@code stamp}, to its entry when there is one. */
    void add(long stamp, long n) {
        total += n;
        int i = size;
        if (size > 0 && stamp <= newest) {   // out of order or the latest stamp again: its place is read from the ring
            while (i > 0 && ring[2 * slot(i - 1)] > stamp) {
                i--;
            }
            if (i > 0 && ring[2 * slot(i - 1)] == stamp) {
                ring[2 * slot(i - 1) + 1] += n;
                return;
            }
        } else {
            newest = stamp;
        }
        if (size == capacity()) {
            resize(capacity() * 2);
        }
        for (int j = size; j > i; j--) {   // only for a stamp out of order
            ring[2 * slot(j)] = ring[2 * slot(j - 1)];
            ring[2 * slot(j) + 1] = ring[2 * slot(j - 1) + 1];
        }
        ring[2 * slot(i)] = stamp;
        ring[2 * slot(i) + 1] = n;
        size++;
    }

    private int capacity() {
        return ring.length / 2;
    }

    private int slot(int index) {
        return (head + index) & (capacity() - 1);   // the capacity is a power of two
    }

    private void resize(int entries) {
        long[] resized = new long[2 * entries];
        for (int i = 0; i < size; i++) {
            resized[2 * i] = ring[2 * slot(i)];
            resized[2 * i + 1] = ring[2 * slot(i) + 1];
        }
        ring = resized;
        head = 0;
    }
}
