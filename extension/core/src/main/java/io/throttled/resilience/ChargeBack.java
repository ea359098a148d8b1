package io.throttled.resilience;

import io.throttled.core.Decision;
import io.throttled.core.Limit;
import io.throttled.core.Policy;
import io.throttled.core.SharedStore;
import io.throttled.core.UnsupportedStoreException;
import java.util.function.BiConsumer;

/**
 * Charges Redis what a node admitted alone while Redis failed ({@link LocalFallback}'s debts), so a limit is not
 * paid twice: a key's debt before Redis decides for it again, and a few keys' after each answer.
 */
final class ChargeBack {
    private static final System.Logger LOG = System.getLogger(ChargeBack.class.getName());

    private final SharedStore redis;
    private final LocalFallback fallback;
    private final BiConsumer<Policy, RuntimeException> failed;

    /** @param failed told of a charge Redis failed (the breaker counts it) */
    ChargeBack(SharedStore redis, LocalFallback fallback, BiConsumer<Policy, RuntimeException> failed) {
        this.redis = redis;
        this.fallback = fallback;
        this.failed = failed;
    }

    /**
     * Charges Redis what this node admitted alone for the key, before Redis decides for it again; when another
     * thread is charging it, waits for that charge (at most three timeouts). Returns what Redis failed with, or null.
     */
    RuntimeException payDebt(Policy policy, String key) {
        Long tokens = fallback.debts().take(policy, key);
        if (tokens != null) {
            return charge(policy, key, tokens);
        }
        fallback.debts().awaitCharge(policy, key);
        return null;
    }

    /**
     * Takes from Redis' bucket what this node admitted alone, as much of it as the bucket holds: a denial says what
     * is left, and that much is taken instead (three tries at most, as other nodes take meanwhile). What the
     * bucket cannot hold is forgiven: a limit is never paid below empty. Returns what Redis failed with, or null.
     */
    RuntimeException charge(Policy policy, String key, long tokens) {
        long want = Math.min(tokens, policy.limits().stream().mapToLong(Limit::burst).min().orElse(tokens));
        long sent = want;
        Decision answer = null;
        fallback.sending(policy, key, sent);
        try {
            for (int attempt = 0; attempt < 3 && want > 0; attempt++) {
                answer = redis.acquire(policy, key, want);
                if (answer.allowed()) {
                    break;
                }
                want = Math.min(want, Math.max(0, answer.remaining()));
            }
        } catch (UnsupportedStoreException e) {
            LOG.log(System.Logger.Level.DEBUG, "throttled: cannot charge {0}: {1}", policy.name(), e.toString());
        } catch (RuntimeException e) {
            fallback.debts().giveBack(policy, key, tokens);
            failed.accept(policy, e);
            return e;
        } finally {
            fallback.answered(policy, key, sent, answer);
            fallback.debts().charged(policy, key);
        }
        return null;
    }
}
