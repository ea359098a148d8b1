package io.throttled.bench;

import java.time.Duration;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * Not a limiter: the most calls per second that {@code threads} blocking callers can make on this machine when
 * each call must put its thread to sleep and have it woken once, and nothing else happens (no Redis, no encoding).
 * One responder thread answers every call at once and spins while there is none, so it never needs waking itself.
 * Any client whose callers block on a remote answer pays at least this wake-up per call, whether in its own code
 * or in a socket read.
 */
final class WakeFloor {
    private WakeFloor() {
    }

    private static final class Call {
        final Thread caller = Thread.currentThread();
        volatile boolean answered;
    }

    static Measurement measure(int threads, Duration warmUp, Duration measure) {
        ConcurrentLinkedQueue<Call> calls = new ConcurrentLinkedQueue<>();
        Thread responder = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                Call call = calls.poll();
                if (call == null) {
                    Thread.onSpinWait();
                    continue;
                }
                call.answered = true;
                LockSupport.unpark(call.caller);
            }
        }, "wake-floor-responder");
        responder.setDaemon(true);
        responder.start();
        try {
            return Load.run(threads, warmUp, measure, Long.MAX_VALUE, t -> () -> {
                Call call = new Call();
                calls.add(call);
                while (!call.answered) {
                    LockSupport.park(call);
                }
            });
        } finally {
            responder.interrupt();
            try {
                responder.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
