package io.throttled.redis;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * <p>Within a batch, the decisions whose keys share a hash slot go as one call of {@code batch.lua}
 * ({@link BatchScript}), which decides each exactly as its own script would: Redis parses one command and
 * enters Lua once for all of them, which is most of what a pipelined script call costs it. Other calls
 * (reservations, leases, give-backs) go in the same pipeline as they are. Batching changes round trips and
 * script calls, never decisions.
 */
public final class CoalescingScripting extends ForwardingScripting {
    private final int maxBatch;
    private final Semaphore senders;
    private final ConcurrentLinkedQueue<Pending> queue = new ConcurrentLinkedQueue<>();
    private final long safetyParkNanos;
    private final boolean batchScripts;

    /**
     * @param maxBatch         the most calls in one pipeline
     * @param concurrentBatches how many batches may be in flight at once (connections busy with batches)
     */
    public CoalescingScripting(RedisScripting redis, int maxBatch, int concurrentBatches) {
        this(redis, maxBatch, concurrentBatches, true);
    }

    /**
     * A coalescer that chooses whether decisions share script calls.
     *
     * @param redis             the connection batches go out on
     * @param maxBatch          the most calls in one pipeline
     * @param concurrentBatches how many batches may be in flight at once
     * @param batchScripts whether a batch's decisions go as one {@code batch.lua} call; {@code false}: every call
     *                     runs its own script, the batch is only a pipeline (for comparing the two)
     */
    public CoalescingScripting(RedisScripting redis, int maxBatch, int concurrentBatches, boolean batchScripts) {
        this(redis, maxBatch, concurrentBatches, 20_000_000, batchScripts);
    }

    /** With the bound on one wait; tests make it long, so a lost wake-up shows as a hang. */
    CoalescingScripting(RedisScripting redis, int maxBatch, int concurrentBatches, long safetyParkNanos,
                        boolean batchScripts) {
        super(redis);
        if (maxBatch < 1 || concurrentBatches < 1) {
            throw new IllegalArgumentException("maxBatch and concurrentBatches must be at least 1");
        }
        this.maxBatch = maxBatch;
        this.senders = new Semaphore(concurrentBatches);
        this.safetyParkNanos = safetyParkNanos;
        this.batchScripts = batchScripts;
    }

    @Override
    public Object run(ScriptCall call) {
        Pending mine = new Pending(call, Thread.currentThread());
        queue.add(mine);
        while (!mine.done) {
            // once a batch carries this call, only its reply can help: wait for it instead of sending others
            if (!mine.taken && senders.tryAcquire()) {
                sendBatch();
            } else {
                // Woken by the batch that carries this call, or by a sender whose replies came in and found this
                // call at the head of the queue. The bound only covers a wake-up lost to a race; a short one would
                // have every waiting thread spin, which on few cores costs more than the batching saves.
                LockSupport.parkNanos(this, safetyParkNanos);
            }
        }
        return mine.result();
    }

    /**
     * Sends what is waiting, then hands the turn on as soon as the replies are in, before waking the callers the
     * batch carried: the next batch goes out while this thread wakes them (one system call each), instead of after.
     */
    private void sendBatch() {
        List<Pending> batch = new ArrayList<>(Math.min(maxBatch, 16));
        List<Outgoing> outgoing = List.of();
        List<Object> replies = List.of();
        Throwable failure = null;
        try {
            Pending next;
            while (batch.size() < maxBatch && (next = queue.poll()) != null) {
                next.taken = true;
                batch.add(next);
            }
            if (batch.isEmpty()) {
                return;
            }
            outgoing = batchScripts ? merged(batch) : alone(batch);
            replies = send(outgoing);
        } catch (RuntimeException | Error e) {
            failure = e;
        } finally {
            senders.release();
            wakeNext();
        }
        if (failure != null) {
            for (Pending p : batch) {
                p.complete(failure);
            }
            return;
        }
        for (int i = 0; i < outgoing.size(); i++) {
            outgoing.get(i).complete(replies.get(i));
        }
    }

    private List<Object> send(List<Outgoing> outgoing) {
        if (outgoing.size() == 1) {
            return Collections.singletonList(super.run(outgoing.get(0).call));
        }
        List<ScriptCall> calls = new ArrayList<>(outgoing.size());
        outgoing.forEach(o -> calls.add(o.call));
        return super.runAll(calls);
    }

    private static List<Outgoing> alone(List<Pending> batch) {
        List<Outgoing> outgoing = new ArrayList<>(batch.size());
        batch.forEach(p -> outgoing.add(new Outgoing(p.call, List.of(p))));
        return outgoing;
    }

    /** Decisions on one slot with one clock argument become one batch-script call; the rest go as they are. */
    private List<Outgoing> merged(List<Pending> batch) {
        if (batch.size() == 1) {
            return alone(batch);
        }
        Map<String, List<Pending>> decisions = new LinkedHashMap<>();
        List<Outgoing> outgoing = new ArrayList<>();
        for (Pending p : batch) {
            if (BatchScript.algorithmOf(p.call) < 0) {
                outgoing.add(new Outgoing(p.call, List.of(p)));
            } else {
                String together = slotOf(p.call.keys().get(0)) + "|" + BatchScript.nowOf(p.call);
                decisions.computeIfAbsent(together, k -> new ArrayList<>()).add(p);
            }
        }
        for (List<Pending> group : decisions.values()) {
            if (group.size() == 1) {
                outgoing.add(new Outgoing(group.get(0).call, group));
            } else {
                List<ScriptCall> calls = new ArrayList<>(group.size());
                group.forEach(p -> calls.add(p.call));
                outgoing.add(new Outgoing(BatchScript.of(calls), group));
            }
        }
        return outgoing;
    }

    /** One call on the wire and the callers it carries: one, or the decisions of a batch script. */
    private record Outgoing(ScriptCall call, List<Pending> carried) {
        void complete(Object reply) {
            if (carried.size() == 1) {
                carried.get(0).complete(reply);
                return;
            }
            if (reply instanceof RuntimeException || reply instanceof Error) {
                carried.forEach(p -> p.complete(reply));
                return;
            }
            List<?> replies;
            try {
                replies = BatchScript.split(reply, carried.size());
            } catch (IllegalStateException e) {
                carried.forEach(p -> p.complete(e));
                return;
            }
            for (int i = 0; i < carried.size(); i++) {
                carried.get(i).complete(replies.get(i));
            }
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
