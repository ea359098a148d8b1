package io.throttled.memory;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Forgets the buckets that have decided like fresh ones (their Redis keys would have expired) for at least
 * {@value #GRACE_MICROS} µs, a slice at a time on the callers' threads: at most {@value #SLICE} buckets every
 * {@value #PERIOD_MICROS} µs of the limiter's clock, so a full pass over n buckets takes about n / 50,000
 * seconds while calls arrive. Deciding never waits for it, and it never changes a decision: a bucket's states
 * expire by themselves (see {@code Bucket}). The grace keeps a key that comes back within it from paying for
 * a new bucket (a limit of 1000/1s is fresh again a millisecond after each call).
 */
final class IdleSweep {
    static final long PERIOD_MICROS = 10_000;
    static final int SLICE = 500;
    static final long GRACE_MICROS = 1_000_000;

    private final ConcurrentMap<BucketName, Bucket> buckets;
    private final BucketLocks locks;
    private final AtomicBoolean running = new AtomicBoolean();
    /** When the last slice ran (µs); read by every call, written once per period. */
    private volatile long lastRun;
    /** Where the pass stands; a map iterator is weakly consistent, so it may outlive changes to the map. */
    private Iterator<Map.Entry<BucketName, Bucket>> cursor;

    IdleSweep(ConcurrentMap<BucketName, Bucket> buckets, BucketLocks locks) {
        this.buckets = buckets;
        this.locks = locks;
    }

    /** Sweeps a slice when one is due and no other thread is sweeping. */
    void maybeRun(long now) {
        long last = lastRun;
        if (now - last < PERIOD_MICROS && now >= last) {   // a clock set back starts over at once
            return;
        }
        if (!running.compareAndSet(false, true)) {
            return;
        }
        try {
            lastRun = now;
            sweep(now, SLICE);
        } finally {
            running.set(false);
        }
    }

    private void sweep(long now, int slice) {
        if (cursor == null || !cursor.hasNext()) {
            cursor = buckets.entrySet().iterator();
        }
        for (int seen = 0; seen < slice && cursor.hasNext(); seen++) {
            Map.Entry<BucketName, Bucket> entry = cursor.next();
            if (entry.getValue().lastUsed() > now - GRACE_MICROS) {
                continue;   // in use: not worth its lock
            }
            ReentrantLock lock = locks.lock(entry.getKey());
            try {
                if (entry.getValue().freshAt() <= now - GRACE_MICROS) {
                    buckets.remove(entry.getKey(), entry.getValue());
                }
            } finally {
                lock.unlock();
            }
        }
    }
}
