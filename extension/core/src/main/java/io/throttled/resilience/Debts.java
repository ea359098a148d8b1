package io.throttled.resilience;

import io.throttled.core.Policy;
import io.throttled.resilience.LocalFallback.Key;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * What a node admitted alone while Redis failed and has not charged to Redis yet, per key, and the charges under
 * way: a call for a key being charged waits for the charge, or Redis would decide it from a bucket not yet charged,
 * and the charge, coming after, would find the tokens gone and be forgiven. Bounded in keys.
 */
final class Debts {
    private final ConcurrentHashMap<Key, Debt> owed = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Key, Charging> charging = new ConcurrentHashMap<>();
    private final long maxKeys;
    private final LongSupplier nanoTime;
    private final long chargeWaitMillis;

    /**
     * @param maxKeys          the most keys owed for; an admission beyond goes uncharged
     * @param chargeWaitMillis the longest a call waits for another thread's charge of its key
     */
    Debts(long maxKeys, LongSupplier nanoTime, long chargeWaitMillis) {
        this.maxKeys = maxKeys;
        this.nanoTime = nanoTime;
        this.chargeWaitMillis = chargeWaitMillis;
    }

    /** The node admitted {@code cost} for the key alone. */
    void owe(Key k, long cost) {
        if (owed.size() >= maxKeys && !owed.containsKey(k)) {
            return;   // bounded: this admission goes uncharged, as a node that forgot it would
        }
        long now = nanoTime.getAsLong();
        owed.merge(k, new Debt(cost, now), (a, b) -> new Debt(a.tokens + b.tokens, now));
    }

    /** {@return what is owed for the key, 0 when nothing} */
    long owed(Key k) {
        Debt debt = owed.get(k);
        return debt == null ? 0 : debt.tokens;
    }

    /** {@return whether some admission is still to be charged to Redis, or being charged} */
    boolean owes() {
        return !owed.isEmpty() || !charging.isEmpty();
    }

    /**
     * Takes the key's debt (null when none or too old to matter): the caller charges it to Redis or gives it back,
     * and then calls {@link #charged}.
     */
    Long take(Policy policy, String key) {
        Key k = new Key(policy, key);
        chargingStarts(k);
        Debt debt = owed.remove(k);
        if (debt == null || stale(policy, debt)) {
            charged(policy, key);
            return null;
        }
        return debt.tokens;
    }

    /** The charge of a taken debt is answered (or failed, and the debt given back). */
    void charged(Policy policy, String key) {
        charging.computeIfPresent(new Key(policy, key), (k, c) -> {
            if (--c.count > 0) {
                return c;
            }
            c.done.complete(null);
            return null;
        });
    }

    /** Waits, at most {@code chargeWaitMillis}, until no other thread is charging the key. */
    void awaitCharge(Policy policy, String key) {
        Charging c = charging.get(new Key(policy, key));
        if (c == null) {
            return;
        }
        try {
            c.done.get(chargeWaitMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // a charge that slow is a Redis that fails again: the call goes its way
        }
    }

    /** Puts back a debt a charge could not pay (Redis failed again). */
    void giveBack(Policy policy, String key, long tokens) {
        owe(new Key(policy, key), tokens);
    }

    /** Up to {@code most} debts of other keys, removed and charged by the consumer, which calls {@link #charged}. */
    void takeSome(int most, DebtConsumer consumer) {
        Iterator<Map.Entry<Key, Debt>> it = owed.entrySet().iterator();
        for (int n = 0; n < most && it.hasNext(); ) {
            Map.Entry<Key, Debt> e = it.next();
            chargingStarts(e.getKey());
            if (owed.remove(e.getKey(), e.getValue()) && !stale(e.getKey().policy(), e.getValue())) {
                if (consumer.charge(e.getKey().policy(), e.getKey().key(), e.getValue().tokens) != null) {
                    return;   // Redis failed again: the debt is back, the rest wait for the next answer
                }
                n++;
            } else {
                charged(e.getKey().policy(), e.getKey().key());
            }
        }
    }

    void forget(Predicate<Key> which) {
        owed.keySet().removeIf(which);
    }

    void clear() {
        owed.clear();
    }

    /** {@return keys owed for} */
    int size() {
        return owed.size();
    }

    private void chargingStarts(Key k) {
        charging.compute(k, (kk, c) -> {
            Charging now = c == null ? new Charging() : c;
            now.count++;
            return now;
        });
    }

    /** An admission older than the time its policy takes to refill a burst counts in no window Redis will judge again. */
    private boolean stale(Policy policy, Debt debt) {
        long longest = policy.limits().stream()
                .mapToLong(l -> Math.max(l.windowMillis(), (long) Math.ceil((double) l.burst() * l.windowMillis()
                        / l.quantity()))).max().orElse(0);
        return nanoTime.getAsLong() - debt.lastNanos > longest * 1_000_000;
    }

    /** Charges one key's debt to Redis, and calls {@link #charged} when it is answered. */
    interface DebtConsumer {
        /** @return what Redis failed with, or null when charged */
        RuntimeException charge(Policy policy, String key, long tokens);
    }

    /** Charges of one key under way, and their end. Guarded by the map's compute. */
    private static final class Charging {
        int count;
        final CompletableFuture<Void> done = new CompletableFuture<>();
    }

    private record Debt(long tokens, long lastNanos) {
    }
}
