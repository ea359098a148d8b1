package io.throttled.operator;

import io.throttled.cdi.OverrideSync;
import io.throttled.config.ThrottledSettings;
import io.throttled.core.BucketInventory;
import io.throttled.core.BucketInventory.KeyPage;
import io.throttled.core.BucketInventory.ResetProgress;
import io.throttled.core.Decision;
import io.throttled.core.Policy;
import io.throttled.core.RateLimiter;
import io.throttled.key.ClientIpResolver;
import io.throttled.key.KeyDigest;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.OptionalLong;

/**
 * The buckets of a policy ({@link PolicyState#policy()}) in the shared store: which clients have one, one client's
 * state by a peek that takes nothing, and resets of one or of all, which every node hears of (each drops what it
 * remembers of them). A CDI bean: inject it.
 */
@Dependent
public final class Buckets {
    private final RateLimiter limiter;
    private final OverrideSync notices;
    private final ClientIpResolver ips;
    private final KeyDigest digest;
    private final StoreCalls store;

    @Inject
    Buckets(RateLimiter limiter, OverrideSync notices, ThrottledSettings settings) {
        this.limiter = limiter;
        this.notices = notices;
        this.ips = new ClientIpResolver(settings.trustedProxies(), settings.ipv6PrefixLength());
        this.digest = settings.keyDigest();
        this.store = new StoreCalls(settings);
    }

    /**
     * The key the filter would resolve for a client under the policy, from what the client is known by: {@code alice}
     * is {@code u:alice} for a principal policy, {@code 2001:db8::1} is {@code ip:2001:db8::/64}, a header value
     * {@code k-123} (or {@code h:k-123}) is its digest {@code hd:...}, since header values are never stored in clear.
     * Resolved keys ({@code u:...}, {@code ip:...}, {@code hd:...}) are taken as they are, addresses normalised; the
     * parts of a composite key ({@code u:alice/h:k-123}) each the same way.
     *
     * @param policy the policy
     * @param given  what the client is known by
     * @return the client key
     * @throws IllegalArgumentException when the text cannot be a key of this policy
     */
    public String clientKey(Policy policy, String given) {
        return ClientKeys.clientKey(policy, given, ips, digest);
    }

    /**
     * A page of the policy's live client keys, by {@code SCAN} on every master (never {@code KEYS}). A key can appear
     * on more than one page.
     *
     * @param policy the policy
     * @param cursor {@link KeyPage#START} for the first page, then the page's {@link KeyPage#nextCursor()}
     * @param count  roughly how many keys a page holds
     * @return the keys and the cursor of the next page
     * @throws IllegalArgumentException  when the cursor is not one a page returned
     * @throws StoreUnavailableException when the store does not answer
     */
    public KeyPage keys(Policy policy, String cursor, int count) {
        return store.call(() -> {
            try {
                return inventory().keys(policy, cursor, count);
            } catch (NumberFormatException | IndexOutOfBoundsException e) {
                throw new IllegalArgumentException("cursor '" + cursor + "' is not one a page returned", e);
            }
        });
    }

    /**
     * One client's bucket, by a peek that takes nothing.
     *
     * @param policy    the policy
     * @param clientKey the client's key ({@link #clientKey})
     * @return what is left, and when the limit is whole again
     * @throws StoreUnavailableException when the store does not answer, or the limiter answered from its failure mode
     */
    public Decision peek(Policy policy, String clientKey) {
        return store.call(() -> {
            Decision peek = limiter.acquire(policy, clientKey, 0);
            if (!peek.decidedByStore()) {
                // the limiter answered from its failure mode: that is not this bucket's state
                throw store.unavailable("the store did not answer the peek (decided by " + peek.origin() + ")");
            }
            return peek;
        });
    }

    /**
     * How long one client's bucket lives on in the store.
     *
     * @param policy    the policy
     * @param clientKey the client's key ({@link #clientKey})
     * @return milliseconds; empty when the client has no bucket
     * @throws StoreUnavailableException when the store does not answer
     */
    public OptionalLong timeToLiveMillis(Policy policy, String clientKey) {
        return store.call(() -> inventory().timeToLiveMillis(policy, clientKey));
    }

    /**
     * Resets one client's bucket: its next call finds it full, on every node.
     *
     * @param policy    the policy
     * @param clientKey the client's key ({@link #clientKey})
     * @throws StoreUnavailableException when the store does not answer
     */
    public void reset(Policy policy, String clientKey) {
        store.run(() -> {
            limiter.reset(policy, clientKey);
            notices.store().announce(BucketResets.one(policy.name(), clientKey));
        });
    }

    /**
     * Resets the policy's buckets from a cursor on, in batches ({@code SCAN} and {@code UNLINK}), until all are gone
     * or the time is up (at least one batch is done), so that a policy with millions of clients answers in bounded
     * time and says where to go on.
     *
     * @param policy the policy
     * @param cursor {@link KeyPage#START} to begin, then the {@link ResetProgress#nextCursor()} returned
     * @param budget how long to go on starting batches
     * @return how many keys went, and where to go on
     * @throws IllegalArgumentException  when the cursor is not one a reset returned
     * @throws StoreUnavailableException when the store does not answer
     */
    public ResetProgress resetSome(Policy policy, String cursor, Duration budget) {
        return store.call(() -> {
            ResetProgress progress;
            try {
                progress = inventory().resetSome(policy, cursor, budget);
            } catch (NumberFormatException | IndexOutOfBoundsException e) {
                throw new IllegalArgumentException("cursor '" + cursor + "' is not one a reset returned", e);
            }
            notices.store().announce(BucketResets.all(policy.name()));
            return progress;
        });
    }

    private BucketInventory inventory() {
        if (limiter instanceof BucketInventory inventory) {
            return inventory;
        }
        throw new IllegalStateException("the rate limiter " + limiter.getClass().getName() + " cannot list or reset buckets");
    }
}
