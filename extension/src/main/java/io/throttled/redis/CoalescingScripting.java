package io.throttled.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.LockSupport;

/**
 * Sends the scripts of concurrent decisions together: a caller that finds no batch in flight sends at once
 * what is waiting, its own call included (a lone decision goes out alone, with no added latency); callers
 * that arrive while batches are in flight wait, and the next of them to get a turn sends all of them as
 * one pipeline on one connection. Redis then pays its per-request I/O once per batch instead of once per
 * decision, which is what lets a service go beyond the unpipelined ceiling.
 *
 * <p>Each call still runs its own script: batching changes round trips, never decisions.
 */
public final class CoalescingScripting extends ForwardingScripting {
    private final int maxBatch;
    private final Semaphore senders;
    private final ConcurrentLinkedQueue<Pending> queue = new ConcurrentLinkedQueue<>();
    private final long safetyParkNanos;

    /**
     * @param maxBatch         the most calls in one pipeline
     * @param concurrentBatches how many batches may be in flight at once (connections busy with batches)
     */
    public CoalescingScripting(RedisScripting redis, int maxBatch, int concurrentBatches) {
        this(redis, maxBatch, concurrentBatches, 20_000_000);
    }

    /** With the bound on one wait; tests make it long, so a lost wake-up shows as a hang. */
    CoalescingScripting(RedisScripting redis, int maxBatch, int concurrentBatches, long safetyParkNanos) {
        super(redis);
        if (maxBatch < 1 || concurrentBatches < 1) {
            throw new IllegalArgumentException("maxBatch and concurrentBatches must be at least 1");
        }
        this.maxBatch = maxBatch;
        this.senders = new Semaphore(concurrentBatches);
        this.safetyParkNanos = safetyParkNanos;
    }

    @Override
    public Object run(ScriptCall call) {
        Pending mine = new Pending(call, Thread.currentThread());
        queue.add(mine);
        while (!mine.done) {
            // once a batch carries this call, only its reply can help: wait for it instead of sending others
            if (!mine.taken && senders.tryAcquire()) {
                try {
                    sendBatch();
                } finally {
                    senders.release();
                    wakeNext();
                }
            } else {
                // Woken by the batch that carries this call, or by a sender that finished and found this call
                // at the head of the queue. The bound only covers a wake-up lost to a race; a short one would
                // have every waiting thread spin, which on few cores costs more than the batching saves.
                LockSupport.parkNanos(this, safetyParkNanos);
            }
        }
        return mine.result();
    }

    private void sendBatch() {
        List<Pending> batch = new ArrayList<>(Math.min(maxBatch, 16));
        Pending next;
        while (batch.size() < maxBatch && (next = queue.poll()) != null) {
            next.taken = true;
            batch.add(next);
        }
        if (batch.isEmpty()) {
            return;
        }
        try {
            if (batch.size() == 1) {
                batch.get(0).complete(super.run(batch.get(0).call));
                return;
            }
            List<ScriptCall> calls = new ArrayList<>(batch.size());
            batch.forEach(p -> calls.add(p.call));
            List<Object> replies = super.runAll(calls);
            for (int i = 0; i < batch.size(); i++) {
                batch.get(i).complete(replies.get(i));
            }
        } catch (RuntimeException | Error e) {
            batch.forEach(p -> p.complete(e));
        }
    }

    /** The longest-waiting caller takes the next turn. */
    private void wakeNext() {
        Pending head = queue.peek();
        if (head != null) {
            LockSupport.unpark(head.waiter);
        }
    }

    /** One caller's call, and its reply once a batch has carried it. */
    private static final class Pending {
        final ScriptCall call;
        final Thread waiter;
        private Object reply;
        volatile boolean taken;
        volatile boolean done;

        Pending(ScriptCall call, Thread waiter) {
            this.call = call;
            this.waiter = waiter;
        }

        void complete(Object value) {
            reply = value;
            done = true;
            // the sender's own call needs no wake-up, and a stray permit would end its next wait at once
            if (waiter != Thread.currentThread()) {
                LockSupport.unpark(waiter);
            }
        }

        Object result() {
            if (reply instanceof RuntimeException e) {
                throw e;
            }
            if (reply instanceof Error e) {
                throw e;
            }
            return reply;
        }
    }
}
