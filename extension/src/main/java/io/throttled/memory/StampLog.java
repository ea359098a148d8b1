package io.throttled.memory;

import java.util.Arrays;

/**
 * Admitted units by timestamp (µs), oldest first: the sorted set of {@code sliding-window-log.lua} as a ring of
 * stamps in one primitive array. Stamps nearly always arrive in order, so adding appends and pruning pops the
 * oldest; a stamp from a clock set back is inserted in its place.
 *
 * <p>While every entry is one unit (every call costs 1) the ring holds stamps alone, 8 bytes an entry: a busy
 * store's logs are most of its memory, and a decision reads the ring's head and writes its tail, two lines
 * that are cold on a key not decided on lately, so the denser the ring the fewer of those reads miss. The
 * first entry of another weight adds a parallel array of units, kept until the log is empty again.
 *
 * <p>A state class, not a field of one: the ring's position and totals then share the state's object (one
 * cold line fewer per decision than a log object beside the state).
 */
abstract class StampLog extends LimitState {
    private static final int SMALLEST = 4;

    /** Entry i (from the head) is stamped {@code stamps[slot(i)]}. */
    private long[] stamps = new long[SMALLEST];
    /** The units of entry i at {@code units[slot(i)]}; null while every entry is one unit. */
    private long[] units;
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

    @Override
    void clear() {
        stamps = new long[SMALLEST];
        units = null;
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
        int mask = stamps.length - 1;
        while (size > 0 && stamps[head] <= cutoff) {
            total -= units == null ? 1 : units[head];
            head = (head + 1) & mask;
            size--;
        }
        if (size == 0) {
            units = null;   // a weighted call's units array does not outlive the entries that needed it
        }
        if (stamps.length > SMALLEST && size < stamps.length / 4) {
            resize(stamps.length / 2);   // a burst's log does not stay allocated through the quiet after it
        }
    }

    /** {@return the stamp of the n-th oldest unit, counting from 1} */
    long nth(long n) {
        if (n < 1 || n > total) {
            throw new IllegalStateException("fewer than " + n + " units");
        }
        if (units == null) {
            return stamps[slot((int) (n - 1))];   // one unit an entry: the n-th unit is the n-th entry
        }
        long seen = 0;
        for (int i = 0; i < size; i++) {
            seen += units[slot(i)];
            if (seen >= n) {
                return stamps[slot(i)];
            }
        }
        throw new IllegalStateException("fewer than " + n + " units");
    }

    /** Adds {@code n} units at {@code stamp}, to its entry when one already has the stamp and units are kept. */
    void add(long stamp, long n) {
        if (n != 1 && units == null) {
            units = new long[stamps.length];
            Arrays.fill(units, 1);
        }
        total += n;
        int i = size;
        if (size > 0 && stamp <= newest) {   // out of order or the latest stamp again: its place is read from the ring
            while (i > 0 && stamps[slot(i - 1)] > stamp) {
                i--;
            }
            if (units != null && i > 0 && stamps[slot(i - 1)] == stamp) {
                units[slot(i - 1)] += n;
                return;
            }
        } else {
            newest = stamp;
        }
        if (size == stamps.length) {
            resize(stamps.length * 2);
        }
        for (int j = size; j > i; j--) {   // only for a stamp out of order
            stamps[slot(j)] = stamps[slot(j - 1)];
            if (units != null) {
                units[slot(j)] = units[slot(j - 1)];
            }
        }
        stamps[slot(i)] = stamp;
        if (units != null) {
            units[slot(i)] = n;
        }
        size++;
    }

    private int slot(int index) {
        return (head + index) & (stamps.length - 1);   // the capacity is a power of two
    }

    private void resize(int entries) {
        long[] resized = new long[entries];
        long[] resizedUnits = units == null ? null : new long[entries];
        for (int i = 0; i < size; i++) {
            resized[i] = stamps[slot(i)];
            if (units != null) {
                resizedUnits[i] = units[slot(i)];
            }
        }
        stamps = resized;
        units = resizedUnits;
        head = 0;
    }
}
