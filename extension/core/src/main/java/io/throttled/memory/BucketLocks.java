package io.throttled.memory;

import java.util.Arrays;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Striped locks over bucket names. A decision holds the stripe of every bucket it reads from check to
 * commit, so a group's buckets cannot change between its checks and its commits; stripes are taken in
 * ascending order, so two groups sharing buckets cannot deadlock. A stripe is held for a fraction of a
 * microsecond, but a thread that finds its stripe taken parks until woken (microseconds, longer when the holder
 * was descheduled). Two threads on 10,000 keys parked in {@link #lock} about 7 times less often with 4096
 * stripes than with 256 (JFR); the stripes take about 200 KB.
 */
final class BucketLocks {
    private static final int STRIPES = 4096;   // a power of two: the index is a mask of the hash

    private final ReentrantLock[] stripes = new ReentrantLock[STRIPES];

    BucketLocks() {
        Arrays.setAll(stripes, i -> new ReentrantLock());
    }

    /** The lock of one bucket, by its name's hash; the caller unlocks it. */
    ReentrantLock lock(BucketName bucket) {
        ReentrantLock lock = stripes[index(bucket)];
        lock.lock();
        return lock;
    }

    /** Locks every bucket's stripe in ascending order; returns the stripes to hand to {@link #unlock}. */
    int[] lockAll(BucketName[] buckets) {
        int[] held = new int[buckets.length];
        for (int i = 0; i < buckets.length; i++) {
            held[i] = index(buckets[i]);
        }
        held = Arrays.stream(held).sorted().distinct().toArray();
        for (int stripe : held) {
            stripes[stripe].lock();
        }
        return held;
    }

    void unlock(int[] held) {
        for (int i = held.length - 1; i >= 0; i--) {
            stripes[held[i]].unlock();
        }
    }

    private static int index(BucketName bucket) {
        int h = bucket.hashCode();
        return (h ^ (h >>> 16)) & (STRIPES - 1);
    }
}
