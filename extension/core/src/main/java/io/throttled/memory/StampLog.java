package io.throttled.memory;

import java.util.Arrays;

/**
 * Admitted units by timestamp (µs), oldest first: the sorted set of {@code sliding-window-log.lua} as a ring of
 * stamps in one primitive array. Stamps nearly always arrive in order, so adding appends and pruning pops the
 * oldest; a stamp from a clock set back is inserted in its place.
 *
 * <p>While every entry is one unit (every call costs 1) the ring holds stamps alone, as int offsets from a base,
 * 4 bytes an entry (8 once the log spans over 35 minutes): a busy store's logs are most of its memory (half of
 * what stamps as longs took; no change in time per decision was measured). The first entry of another weight adds
 * a parallel array of units, kept until the log is empty again.
 *
 * <p>A state class, not a field of one: the ring's position and totals then share the state's object (one
 * cold line fewer per decision than a log object beside the state).
 */
abstract class StampLog extends LimitState {
    private static final int SMALLEST = 4;

    /**
     * Entry i (from the head) is stamped {@code base + offsets[slot(i)]}: 4 bytes an entry, while the log spans at
     * most {@link Integer#MAX_VALUE} µs (about 35 minutes); null once it spans more.
     */
    private int[] offsets = new int[SMALLEST];
    /** Entry i is stamped {@code wide[slot(i)]}, once the log spanned more than an int (a window over 35 minutes). */
    private long[] wide;
    /** What {@link #offsets} count from: at most the oldest stamp. */
    private long base;
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
        offsets = new int[SMALLEST];
        wide = null;
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
        int mask = capacity() - 1;
        while (size > 0 && stamp(head) <= cutoff) {
            total -= units == null ? 1 : units[head];
            head = (head + 1) & mask;
            size--;
        }
        if (size == 0) {
            units = null;   // a weighted call's units array does not outlive the entries that needed it
            if (wide != null) {
                offsets = new int[wide.length];   // nor a long span's wide stamps
                wide = null;
            }
        }
        if (capacity() > SMALLEST && size < capacity() / 4) {
            resize(capacity() / 2);   // a burst's log does not stay allocated through the quiet after it
        }
    }

    /** {@return the stamp of the n-th oldest unit, counting from 1} */
    long nth(long n) {
        if (n < 1 || n > total) {
            throw new IllegalStateException("fewer than " + n + " units");
        }
        if (units == null) {
            return stamp(slot((int) (n - 1)));   // one unit an entry: the n-th unit is the n-th entry
        }
        long seen = 0;
        for (int i = 0; i < size; i++) {
            seen += units[slot(i)];
            if (seen >= n) {
                return stamp(slot(i));
            }
        }
        throw new IllegalStateException("fewer than " + n + " units");
    }

    /** Adds {@code n} units at {@code stamp}, to its entry when one already has the stamp and units are kept. */
    void add(long stamp, long n) {
        if (n != 1 && units == null) {
            units = new long[capacity()];
            Arrays.fill(units, 1);
        }
        fit(stamp);
        total += n;
        int i = size;
        if (size > 0 && stamp <= newest) {   // out of order or the latest stamp again: its place is read from the ring
            while (i > 0 && stamp(slot(i - 1)) > stamp) {
                i--;
            }
            if (units != null && i > 0 && stamp(slot(i - 1)) == stamp) {
                units[slot(i - 1)] += n;
                return;
            }
        } else {
            newest = stamp;
        }
        if (size == capacity()) {
            resize(capacity() * 2);
        }
        for (int j = size; j > i; j--) {   // only for a stamp out of order
            put(slot(j), stamp(slot(j - 1)));
            if (units != null) {
                units[slot(j)] = units[slot(j - 1)];
            }
        }
        put(slot(i), stamp);
        if (units != null) {
            units[slot(i)] = n;
        }
        size++;
    }

    private int slot(int index) {
        return (head + index) & (capacity() - 1);   // the capacity is a power of two
    }

    private int capacity() {
        return wide != null ? wide.length : offsets.length;
    }

    private long stamp(int slot) {
        return wide != null ? wide[slot] : base + offsets[slot];
    }

    /** Stores a stamp {@link #fit} made room for. */
    private void put(int slot, long stamp) {
        if (wide != null) {
            wide[slot] = stamp;
        } else {
            offsets[slot] = (int) (stamp - base);
        }
    }

    /**
     * Makes {@code stamp} storable beside the entries: counts the offsets from the oldest stamp when the new one
     * would fall outside an int of the base, and keeps wide stamps when even that would not do.
     */
    private void fit(long stamp) {
        if (wide != null) {
            return;
        }
        if (size == 0) {
            base = stamp;
            return;
        }
        long offset = stamp - base;
        if (offset >= 0 && offset <= Integer.MAX_VALUE) {
            return;   // every entry already is within an int of the base: only the new stamp can fall outside
        }
        long oldest = Math.min(stamp(head), stamp);
        long latest = Math.max(newest, stamp);
        if (latest - oldest <= Integer.MAX_VALUE) {
            for (int i = 0; i < size; i++) {   // about once per 35 minutes of a key's life: the oldest became the base
                int s = slot(i);
                offsets[s] = (int) (base + offsets[s] - oldest);
            }
            base = oldest;
        } else {
            wide = new long[offsets.length];
            for (int i = 0; i < size; i++) {
                int s = slot(i);
                wide[s] = base + offsets[s];
            }
            offsets = null;
        }
    }

    private void resize(int entries) {
        int[] resized = wide == null ? new int[entries] : null;
        long[] resizedWide = wide == null ? null : new long[entries];
        long[] resizedUnits = units == null ? null : new long[entries];
        for (int i = 0; i < size; i++) {
            if (wide == null) {
                resized[i] = offsets[slot(i)];
            } else {
                resizedWide[i] = wide[slot(i)];
            }
            if (units != null) {
                resizedUnits[i] = units[slot(i)];
            }
        }
        offsets = resized;
        wide = resizedWide;
        units = resizedUnits;
        head = 0;
    }
}
